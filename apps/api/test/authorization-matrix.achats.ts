import { randomUUID } from 'node:crypto';
import {
  only,
  otherShopOf,
  type Fixtures,
  type MatrixRow,
} from './authorization-matrix.helpers.js';

/**
 * Purchases and supplier debts: the owner of the shop writes; managers read the purchase list,
 * details and export (product.md §3). `achatId` is a validated purchase of shop A (a million
 * units, unpaid, of supplier `fournisseurId`): returns of one unit and payments of 1 can be
 * repeated; a draft to edit, delete or validate comes from `newAchat`.
 */
const OWNER = only('ownerA');
const STAFF = only('ownerA', 'managerA');
const ACHAT = '/api/services/:serviceId/achats/:achatId';
const LIGNE = (f: Fixtures) => ({
  produitId: f.params['produitStockId'],
  quantite: 1000,
  prixUnitaire: 100,
});

export const ACHATS_MATRIX: MatrixRow[] = [
  {
    method: 'GET',
    url: '/api/services/:serviceId/achats',
    expect: STAFF,
    otherShop: otherShopOf(STAFF),
  },
  {
    method: 'GET',
    url: '/api/services/:serviceId/achats/export.csv',
    expect: STAFF,
    otherShop: otherShopOf(STAFF),
  },
  {
    method: 'POST',
    url: '/api/services/:serviceId/achats',
    expect: OWNER,
    otherShop: otherShopOf(OWNER),
    call: (f) => ({
      body: {
        cleIdempotence: randomUUID(),
        fournisseurId: f.params['fournisseurId'],
        date: '2026-06-15',
        lignes: [LIGNE(f)],
      },
    }),
  },
  {
    method: 'POST',
    url: '/api/services/:serviceId/achats/reapprovisionnement',
    expect: OWNER,
    otherShop: otherShopOf(OWNER),
    // A cover of one unit: every product with an alert threshold is proposed (if any is under it).
    call: (f) => ({
      body: {
        cleIdempotence: randomUUID(),
        fournisseurId: f.params['fournisseurId'],
        date: '2026-06-15',
        couverture: 1000,
      },
    }),
  },
  {
    method: 'POST',
    url: '/api/services/:serviceId/achats/bon-livraison',
    expect: OWNER,
    otherShop: otherShopOf(OWNER),
    call: () => ({ body: { lignes: [{ ligne: 1, code: 'REF-INCONNUE', quantite: 1000 }] } }),
  },
  { method: 'GET', url: ACHAT, expect: STAFF, otherShop: otherShopOf(STAFF) },
  { method: 'GET', url: `${ACHAT}/pdf`, expect: STAFF, otherShop: otherShopOf(STAFF) },
  {
    method: 'PUT',
    url: ACHAT,
    expect: OWNER,
    otherShop: otherShopOf(OWNER),
    call: async (f) => ({
      params: { achatId: await f.newAchat() },
      body: { fournisseurId: f.params['fournisseurId'], date: '2026-06-16', lignes: [LIGNE(f)] },
    }),
  },
  {
    method: 'DELETE',
    url: ACHAT,
    expect: OWNER,
    otherShop: otherShopOf(OWNER),
    call: async (f) => ({ params: { achatId: await f.newAchat() } }),
  },
  {
    method: 'POST',
    url: `${ACHAT}/validation`,
    expect: OWNER,
    otherShop: otherShopOf(OWNER),
    call: async (f) => ({
      params: { achatId: await f.newAchat() },
      body: { cleIdempotence: randomUUID() },
    }),
  },
  {
    method: 'POST',
    url: `${ACHAT}/retours`,
    expect: OWNER,
    otherShop: otherShopOf(OWNER),
    call: (f) => ({
      body: {
        cleIdempotence: randomUUID(),
        lignes: [{ ligneId: f.params['achatLigneId'], quantite: 1000 }],
      },
    }),
  },
  {
    method: 'GET',
    url: '/api/services/:serviceId/dettes-fournisseurs',
    expect: OWNER,
    otherShop: otherShopOf(OWNER),
  },
  {
    method: 'GET',
    url: '/api/services/:serviceId/fournisseurs/:fournisseurId/compte',
    expect: OWNER,
    otherShop: otherShopOf(OWNER),
  },
  {
    method: 'POST',
    url: '/api/services/:serviceId/fournisseurs/:fournisseurId/reglements',
    expect: OWNER,
    otherShop: otherShopOf(OWNER),
    call: () => ({ body: { cleIdempotence: randomUUID(), montant: 1, mode: 'especes' } }),
  },
  {
    method: 'GET',
    url: '/api/services/:serviceId/fournisseurs/:fournisseurId/releve.pdf',
    expect: OWNER,
    otherShop: otherShopOf(OWNER),
  },
];
