import { randomUUID } from 'node:crypto';
import {
  only,
  otherShopOf,
  type Fixtures,
  type MatrixRow,
} from './authorization-matrix.helpers.js';

/** Expenses (docs/regles-metier.md, « Dépenses »): managers list and record; the owner edits and deletes. */
const STAFF = only('ownerA', 'managerA');
const OWNER = only('ownerA');
const DEPENSE = (f: Fixtures) => ({
  categorieId: f.params['categorieDepenseId'],
  libelle: f.newName('Dépense'),
  montant: 2500,
  date: '2020-01-15',
  mode: 'especes',
});

export const DEPENSES_MATRIX: MatrixRow[] = [
  {
    method: 'GET',
    url: '/api/services/:serviceId/categories-depenses',
    expect: STAFF,
    otherShop: otherShopOf(STAFF),
  },
  {
    method: 'POST',
    url: '/api/services/:serviceId/categories-depenses',
    expect: OWNER,
    otherShop: otherShopOf(OWNER),
    call: (f) => ({ body: { nom: f.newName('Catégorie de dépense') } }),
  },
  {
    method: 'PUT',
    url: '/api/services/:serviceId/categories-depenses/:categorieDepenseId',
    expect: OWNER,
    otherShop: otherShopOf(OWNER),
    call: (f) => ({ body: { nom: f.newName('Catégorie de dépense') } }),
  },
  {
    method: 'GET',
    url: '/api/services/:serviceId/depenses',
    expect: STAFF,
    otherShop: otherShopOf(STAFF),
  },
  {
    method: 'GET',
    url: '/api/services/:serviceId/depenses/export.csv',
    expect: STAFF,
    otherShop: otherShopOf(STAFF),
  },
  {
    method: 'GET',
    url: '/api/services/:serviceId/depenses-historique',
    expect: STAFF,
    otherShop: otherShopOf(STAFF),
  },
  {
    method: 'GET',
    url: '/api/services/:serviceId/depenses/:depenseId',
    expect: STAFF,
    otherShop: otherShopOf(STAFF),
  },
  {
    method: 'POST',
    url: '/api/services/:serviceId/depenses',
    expect: STAFF,
    otherShop: otherShopOf(STAFF),
    call: (f) => ({ body: { cleIdempotence: randomUUID(), ...DEPENSE(f) } }),
  },
  {
    method: 'PUT',
    url: '/api/services/:serviceId/depenses/:depenseId',
    expect: OWNER,
    otherShop: otherShopOf(OWNER),
    call: (f) => ({ body: DEPENSE(f) }),
  },
  {
    method: 'DELETE',
    url: '/api/services/:serviceId/depenses/:depenseId',
    expect: OWNER,
    otherShop: otherShopOf(OWNER),
    call: async (f) => ({ params: { depenseId: await f.newDepense() } }),
  },
  {
    method: 'POST',
    url: '/api/services/:serviceId/depenses/:depenseId/justificatif',
    expect: STAFF,
    otherShop: otherShopOf(STAFF),
    call: async (f) => ({ params: { depenseId: await f.newDepense() }, form: f.photoForm() }),
  },
  {
    method: 'GET',
    url: '/api/services/:serviceId/depenses/:depenseId/justificatif',
    expect: STAFF,
    otherShop: otherShopOf(STAFF),
  },
  {
    method: 'DELETE',
    url: '/api/services/:serviceId/depenses/:depenseId/justificatif',
    expect: OWNER,
    otherShop: otherShopOf(OWNER),
    call: async (f) => ({ params: { depenseId: await f.newDepense() } }),
  },
];
