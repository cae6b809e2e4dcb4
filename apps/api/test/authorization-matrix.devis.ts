import { randomUUID } from 'node:crypto';
import {
  only,
  otherShopOf,
  type Fixtures,
  type MatrixRow,
} from './authorization-matrix.helpers.js';

/** Quotes: the shop's owner only (product.md §3). */
const OWNER = only('ownerA');
const URL = '/api/services/:serviceId/devis';
const ONE = `${URL}/:devisId`;

/** A fresh sale type: other rows deactivate the fixtures' one. */
const body = async (f: Fixtures) => ({
  clientId: f.params['devisClientId'],
  typeVenteId: await f.newTypeVente(),
  dateValidite: '2999-12-31',
  lignes: [
    { produitId: f.params['produitStockId'], quantite: 1000 },
    { designation: 'Pose', prixUnitaire: 500, tauxTva: 0, quantite: 1000 },
  ],
});

export const DEVIS_ROWS: MatrixRow[] = [
  {
    method: 'POST',
    url: URL,
    expect: OWNER,
    otherShop: otherShopOf(OWNER),
    call: async (f) => ({ body: { ...(await body(f)), cleIdempotence: randomUUID() } }),
  },
  { method: 'GET', url: URL, expect: OWNER, otherShop: otherShopOf(OWNER) },
  { method: 'GET', url: ONE, expect: OWNER, otherShop: otherShopOf(OWNER) },
  { method: 'GET', url: `${ONE}/pdf`, expect: OWNER, otherShop: otherShopOf(OWNER) },
  {
    method: 'PUT',
    url: ONE,
    expect: OWNER,
    otherShop: otherShopOf(OWNER),
    call: async (f) => ({ body: await body(f) }),
  },
  {
    method: 'POST',
    url: `${ONE}/duplication`,
    expect: OWNER,
    otherShop: otherShopOf(OWNER),
    call: () => ({ body: { cleIdempotence: randomUUID() } }),
  },
  {
    method: 'POST',
    url: `${ONE}/envoi`,
    expect: OWNER,
    otherShop: otherShopOf(OWNER),
    call: (f) => ({ params: { devisId: f.params['devisEnvoiId']! }, body: {} }),
  },
  {
    method: 'POST',
    url: `${ONE}/acceptation`,
    expect: OWNER,
    otherShop: otherShopOf(OWNER),
    call: (f) => ({ params: { devisId: f.params['devisAccepteId']! } }),
  },
  {
    method: 'POST',
    url: `${ONE}/refus`,
    expect: OWNER,
    otherShop: otherShopOf(OWNER),
    call: (f) => ({ params: { devisId: f.params['devisRefusId']! } }),
  },
  {
    method: 'POST',
    url: `${ONE}/conversion`,
    expect: OWNER,
    otherShop: otherShopOf(OWNER),
    call: async (f) => ({
      params: { devisId: await f.newDevisAccepte() },
      body: { cleIdempotence: randomUUID(), paiements: [{ mode: 'especes', montant: 150 }] },
    }),
  },
];
