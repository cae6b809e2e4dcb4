import { randomUUID } from 'node:crypto';
import { only, otherShopOf, type MatrixRow } from './authorization-matrix.helpers.js';

/**
 * The counter without the network: the owner and the managers sell, so they read the register's
 * series, send the till's queue (here a customer created offline), refresh the catalogue and
 * read what offline sales left to see.
 */
const STAFF = only('ownerA', 'managerA');
const SHOP = '/api/services/:serviceId';
const SYNCHRO = `${SHOP}/caisses/:caisseId/synchro`;

export const SYNCHRO_ROWS: MatrixRow[] = [
  { method: 'GET', url: SYNCHRO, expect: STAFF, otherShop: otherShopOf(STAFF) },
  {
    method: 'POST',
    url: SYNCHRO,
    expect: STAFF,
    otherShop: otherShopOf(STAFF),
    call: () => ({
      body: { clients: [{ cle: randomUUID(), nom: 'Client de la matrice' }], ventes: [] },
    }),
  },
  {
    method: 'GET',
    url: `${SHOP}/catalogue/produits`,
    expect: STAFF,
    otherShop: otherShopOf(STAFF),
  },
  { method: 'GET', url: `${SHOP}/catalogue/clients`, expect: STAFF, otherShop: otherShopOf(STAFF) },
  {
    method: 'GET',
    url: `${SHOP}/alertes-hors-ligne`,
    expect: STAFF,
    otherShop: otherShopOf(STAFF),
  },
];
