import { only, otherShopOf, type MatrixRow } from './authorization-matrix.helpers.js';

/** Dashboards (owner, manager, admin) and the owner's reports of a shop. */

const OWNER = only('ownerA');
const PERIOD = () => ({ query: 'du=2026-01-01&au=2026-01-31' });

export const TABLEAU_ROWS: MatrixRow[] = [
  {
    method: 'GET',
    url: '/api/services/:serviceId/tableau',
    expect: OWNER,
    otherShop: otherShopOf(OWNER),
    call: () => ({ query: 'periode=30j' }),
  },
  {
    method: 'GET',
    url: '/api/services/:serviceId/tableau/gerant',
    expect: only('ownerA', 'managerA'),
    otherShop: otherShopOf(only('ownerA', 'managerA')),
  },
  { method: 'GET', url: '/api/tableau', expect: OWNER, call: () => ({ query: 'periode=mois' }) },
  { method: 'GET', url: '/api/tableau/admin', expect: only('admin') },
  {
    method: 'GET',
    url: '/api/services/:serviceId/rapports/produits',
    expect: OWNER,
    otherShop: otherShopOf(OWNER),
    call: PERIOD,
  },
  {
    method: 'GET',
    url: '/api/services/:serviceId/rapports/produits/export.csv',
    expect: OWNER,
    otherShop: otherShopOf(OWNER),
    call: PERIOD,
  },
  {
    method: 'GET',
    url: '/api/services/:serviceId/rapports/stock',
    expect: OWNER,
    otherShop: otherShopOf(OWNER),
    call: () => ({ query: 'date=2026-01-15' }),
  },
  {
    method: 'GET',
    url: '/api/services/:serviceId/rapports/mouvements',
    expect: OWNER,
    otherShop: otherShopOf(OWNER),
    call: PERIOD,
  },
];
