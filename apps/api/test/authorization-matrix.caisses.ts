import { randomUUID } from 'node:crypto';
import { only, otherShopOf, type MatrixRow } from './authorization-matrix.helpers.js';

/**
 * Registers and sessions: the owner of the shop creates registers; the owner and the managers open
 * sessions, record cash in and out, read X and Z reports and close. An opening gets a fresh
 * register (`newCaisse`), a closing a fresh open session (`newCaisseSession`).
 */
const STAFF = only('ownerA', 'managerA');
const OWNER = only('ownerA');
const URL = '/api/services/:serviceId/caisses';
const SESSION = '/api/services/:serviceId/caisse-sessions/:sessionId';

export const CAISSES_MATRIX: MatrixRow[] = [
  { method: 'GET', url: URL, expect: STAFF, otherShop: otherShopOf(STAFF) },
  {
    method: 'POST',
    url: URL,
    expect: OWNER,
    otherShop: otherShopOf(OWNER),
    call: (f) => ({ body: { nom: f.newName('Caisse') } }),
  },
  {
    method: 'POST',
    url: `${URL}/:caisseId/sessions`,
    expect: STAFF,
    otherShop: otherShopOf(STAFF),
    call: async (f) => ({ params: { caisseId: await f.newCaisse() }, body: { fond: 1000 } }),
  },
  {
    method: 'GET',
    url: '/api/services/:serviceId/caisse-sessions',
    expect: STAFF,
    otherShop: otherShopOf(STAFF),
  },
  { method: 'GET', url: SESSION, expect: STAFF, otherShop: otherShopOf(STAFF) },
  { method: 'GET', url: `${SESSION}/rapport.pdf`, expect: STAFF, otherShop: otherShopOf(STAFF) },
  {
    method: 'POST',
    url: `${SESSION}/mouvements`,
    expect: STAFF,
    otherShop: otherShopOf(STAFF),
    call: () => ({
      body: { cleIdempotence: randomUUID(), type: 'apport', montant: 100, motif: 'Monnaie' },
    }),
  },
  {
    method: 'POST',
    url: `${SESSION}/cloture`,
    expect: STAFF,
    otherShop: otherShopOf(STAFF),
    call: async (f) => ({
      params: { sessionId: await f.newCaisseSession() },
      body: { coupures: [], motifEcart: 'Matrice' },
    }),
  },
];
