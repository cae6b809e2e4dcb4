import { randomUUID } from 'node:crypto';
import {
  only,
  otherShopOf,
  type Fixtures,
  type MatrixRow,
} from './authorization-matrix.helpers.js';

/**
 * The counter without the network: the owner and the managers sell, so they read the register's
 * series, send the till's queue (here a customer created offline), refresh the catalogue and
 * read what offline sales left to see.
 */
const STAFF = only('ownerA', 'managerA');
const OWNER = only('ownerA');
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
  // The owner marks an alert as seen; the managers only read them.
  {
    method: 'POST',
    url: `${SHOP}/alertes-hors-ligne/:alerteId/vue`,
    expect: OWNER,
    otherShop: otherShopOf(OWNER),
  },
];

/** A sale the till numbered 1 on a fresh register (of shop A), paid in cash. */
const refusee = async (f: Fixtures) => ({
  params: { caisseId: await f.newCaisse() },
  body: {
    motifRefus: 'Le numéro a déjà servi.',
    motif: 'Vente en double',
    vente: {
      cleIdempotence: randomUUID(),
      sequence: 1,
      faiteLe: '2026-03-02T10:00:00.000Z',
      typeVenteId: await f.newTypeVente(),
      clientId: null,
      clientCle: null,
      lignes: [
        {
          produitId: f.params['produitStockId'],
          quantite: 1000,
          nom: 'Produit de la matrice',
          uniteSymbole: 'u',
          prixUnitaire: 100,
          tauxTva: 0,
        },
      ],
      paiements: [{ mode: 'especes', montant: 100 }],
      echeance: null,
    },
  },
});

/**
 * One register, one device: the staff read which device holds each register and choose one;
 * a sale the sync refused is recorded again by the staff, discarded by the owner only.
 */
export const SYNCHRO_REFUSEES_ROWS: MatrixRow[] = [
  { method: 'GET', url: `${SHOP}/caisses-appareils`, expect: STAFF, otherShop: otherShopOf(STAFF) },
  {
    method: 'PUT',
    url: `${SHOP}/caisses/:caisseId/appareil`,
    expect: STAFF,
    otherShop: otherShopOf(STAFF),
    call: () => ({ body: { appareil: randomUUID() } }),
  },
  {
    method: 'POST',
    url: `${SHOP}/caisses/:caisseId/ventes-refusees`,
    expect: STAFF,
    otherShop: otherShopOf(STAFF),
    call: refusee,
  },
  {
    method: 'POST',
    url: `${SHOP}/caisses/:caisseId/ventes-ecartees`,
    expect: OWNER,
    otherShop: otherShopOf(OWNER),
    call: refusee,
  },
  { method: 'GET', url: `${SHOP}/ventes-ecartees`, expect: OWNER, otherShop: otherShopOf(OWNER) },
];
