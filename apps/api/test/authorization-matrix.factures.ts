import {
  only,
  otherShopOf,
  type Actor,
  type Expected,
  type MatrixRow,
} from './authorization-matrix.helpers.js';

/**
 * Invoices and credit notes: the shop's owner only. Writes reuse one idempotency key per row, so
 * that every allowed call after the first is the replay of the same invoice or credit note.
 */
const OWNER = only('ownerA');
const SHOP = '/api/services/:serviceId';
/**
 * The Factur-X XML exists for shops in euros only: shop A's invoices (not in euros) answer its
 * owner 422, past authorization; everyone else is refused as for the other routes.
 */
const OWNER_XML: Record<Actor, Expected> = { ...OWNER, ownerA: 'open' };
const ENVOI = { body: { email: 'matrice-envoi@exemple.test' } };

export const FACTURES_MATRIX: MatrixRow[] = [
  {
    method: 'POST',
    url: `${SHOP}/factures`,
    expect: OWNER,
    otherShop: otherShopOf(OWNER),
    call: (f) => ({
      body: { cleIdempotence: 'matrice-facture-post', venteIds: [f.params['venteFactureId']] },
    }),
  },
  { method: 'GET', url: `${SHOP}/factures`, expect: OWNER, otherShop: otherShopOf(OWNER) },
  {
    method: 'GET',
    url: `${SHOP}/factures/export.csv`,
    expect: OWNER,
    otherShop: otherShopOf(OWNER),
  },
  {
    method: 'GET',
    url: `${SHOP}/factures/ventes-facturables`,
    expect: OWNER,
    otherShop: otherShopOf(OWNER),
    call: (f) => ({ query: `clientId=${f.params['debiteurId']}` }),
  },
  {
    method: 'GET',
    url: `${SHOP}/factures/:factureId`,
    expect: OWNER,
    otherShop: otherShopOf(OWNER),
  },
  {
    method: 'GET',
    url: `${SHOP}/factures/:factureId/facture.pdf`,
    expect: OWNER,
    otherShop: otherShopOf(OWNER),
  },
  {
    method: 'POST',
    url: `${SHOP}/factures/:factureId/avoirs`,
    expect: OWNER,
    otherShop: otherShopOf(OWNER),
    call: (f) => ({
      body: {
        cleIdempotence: 'matrice-avoir-post',
        lignes: [{ ligneId: f.params['factureLigneId'], quantite: 1000 }],
      },
    }),
  },
  { method: 'GET', url: `${SHOP}/avoirs/:avoirId`, expect: OWNER, otherShop: otherShopOf(OWNER) },
  {
    method: 'GET',
    url: `${SHOP}/factures/:factureId/factur-x.xml`,
    expect: OWNER_XML,
    otherShop: otherShopOf(OWNER),
  },
  {
    method: 'POST',
    url: `${SHOP}/factures/:factureId/envoi`,
    expect: OWNER,
    otherShop: otherShopOf(OWNER),
    call: () => ENVOI,
  },
  {
    method: 'GET',
    url: `${SHOP}/avoirs/:avoirId/avoir.pdf`,
    expect: OWNER,
    otherShop: otherShopOf(OWNER),
  },
  {
    method: 'GET',
    url: `${SHOP}/avoirs/:avoirId/factur-x.xml`,
    expect: OWNER_XML,
    otherShop: otherShopOf(OWNER),
  },
  {
    method: 'POST',
    url: `${SHOP}/avoirs/:avoirId/envoi`,
    expect: OWNER,
    otherShop: otherShopOf(OWNER),
    call: () => ENVOI,
  },
];
