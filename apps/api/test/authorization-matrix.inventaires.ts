import { randomUUID } from 'node:crypto';
import { only, otherShopOf, type MatrixRow } from './authorization-matrix.helpers.js';

/**
 * Inventories: the owner of the shop opens, validates and cancels; the owner and the managers read
 * and count. Each write gets a fresh open inventory (`newInventaire`), the opening a free slot
 * (`closeInventaires`: one open inventory per shop).
 */
const STAFF = only('ownerA', 'managerA');
const OWNER = only('ownerA');
const URL = '/api/services/:serviceId/inventaires';
const ONE = `${URL}/:inventaireId`;

export const INVENTAIRES_MATRIX: MatrixRow[] = [
  { method: 'GET', url: URL, expect: STAFF, otherShop: otherShopOf(STAFF) },
  {
    method: 'POST',
    url: URL,
    expect: OWNER,
    otherShop: otherShopOf(OWNER),
    call: async (f) => {
      await f.closeInventaires();
      return { body: { perimetre: 'boutique' } };
    },
  },
  { method: 'GET', url: ONE, expect: STAFF, otherShop: otherShopOf(STAFF) },
  { method: 'GET', url: `${ONE}/lignes`, expect: STAFF, otherShop: otherShopOf(STAFF) },
  { method: 'GET', url: `${ONE}/feuille.pdf`, expect: STAFF, otherShop: otherShopOf(STAFF) },
  { method: 'GET', url: `${ONE}/export.csv`, expect: STAFF, otherShop: otherShopOf(STAFF) },
  {
    method: 'POST',
    url: `${ONE}/comptages`,
    expect: STAFF,
    otherShop: otherShopOf(STAFF),
    call: async (f) => ({
      params: { inventaireId: await f.newInventaire() },
      body: {
        cleIdempotence: randomUUID(),
        mode: 'saisie',
        produitId: f.params['produitId'],
        quantite: 1000,
      },
    }),
  },
  {
    method: 'POST',
    url: `${ONE}/validation`,
    expect: OWNER,
    otherShop: otherShopOf(OWNER),
    call: async (f) => ({ params: { inventaireId: await f.newInventaire() } }),
  },
  {
    method: 'POST',
    url: `${ONE}/annulation`,
    expect: OWNER,
    otherShop: otherShopOf(OWNER),
    call: async (f) => ({ params: { inventaireId: await f.newInventaire() } }),
  },
];
