import { only, otherShopOf, type MatrixRow } from './authorization-matrix.helpers.js';

/** The inalterable journal of a shop: the owner of that shop only. */

const OWNER = only('ownerA');

export const JOURNAL_ROWS: MatrixRow[] = [
  {
    method: 'GET',
    url: '/api/services/:serviceId/journal',
    expect: OWNER,
    otherShop: otherShopOf(OWNER),
  },
  {
    method: 'GET',
    url: '/api/services/:serviceId/journal/verification',
    expect: OWNER,
    otherShop: otherShopOf(OWNER),
  },
  {
    method: 'GET',
    url: '/api/services/:serviceId/journal/cle',
    expect: OWNER,
    otherShop: otherShopOf(OWNER),
  },
  {
    method: 'GET',
    url: '/api/services/:serviceId/journal/clotures',
    expect: OWNER,
    otherShop: otherShopOf(OWNER),
  },
  {
    method: 'POST',
    url: '/api/services/:serviceId/journal/clotures',
    expect: OWNER,
    otherShop: otherShopOf(OWNER),
    call: () => ({ body: { periode: 'jour' } }),
  },
  {
    method: 'GET',
    url: '/api/services/:serviceId/journal/archives',
    expect: OWNER,
    otherShop: otherShopOf(OWNER),
  },
  {
    method: 'GET',
    url: '/api/services/:serviceId/journal/archives/:archiveId/zip',
    expect: OWNER,
    otherShop: otherShopOf(OWNER),
  },
  {
    method: 'GET',
    url: '/api/services/:serviceId/journal/fec',
    expect: OWNER,
    otherShop: otherShopOf(OWNER),
    call: () => ({ query: 'du=2026-01-01&au=2026-01-31' }),
  },
  {
    method: 'GET',
    url: '/api/services/:serviceId/journal/jet',
    expect: OWNER,
    otherShop: otherShopOf(OWNER),
  },
];
