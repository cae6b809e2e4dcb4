import type { Expression, SqlBool } from 'kysely';
import { addDays, shopTimeZone, startOfLocalDayUtc, type FactureListQuery } from '@comptoir/shared';
import { shopToday } from '../../db/time.js';
import { search, searchSet } from './factures.recherche.js';
import { statutFiltre, type FactureEb } from './factures.statut.js';

/** The invoice list's filters (modules/factures/factures.list.ts and factures.totaux.ts). */
export type Filters = Omit<FactureListQuery, 'page' | 'size'>;
export type Eb = FactureEb;

/** What the list needs of its shop: id, currency (CSV), country (its calendar days). */
export interface FactureListShop {
  id: number;
  devise: string;
  pays: string | null;
}

/** How a filter is written: on which database, and over which instants. */
export interface Where {
  postgres: boolean;
  /** The period as instants [start, end) (null: open); the filters' days when absent. */
  range?: [string | null, string | null];
  /** Conditions added to the filters (the totals' split of a search, factures.totaux.ts). */
  extra?: (eb: Eb) => Expression<SqlBool>;
  /** The search as the set of its matches, for a search known to match few invoices. */
  searchSet?: boolean;
  /** The customers the search found, when read beforehand (factures.recherche.ts). */
  clients?: number[] | undefined;
}

/** The instants [start, end) of the issue days `du` to `au` of the shop's calendar, null if open. */
export function periodOf(shop: FactureListShop, f: Pick<Filters, 'du' | 'au'>) {
  const zone = shopTimeZone(shop.pays);
  return {
    start: f.du ? startOfLocalDayUtc(f.du, zone) : null,
    end: f.au ? startOfLocalDayUtc(addDays(f.au, 1), zone) : null,
  };
}

/** The filters: `du` and `au` are issue days of the shop's calendar; the status uses its day. */
export function where(eb: Eb, shop: FactureListShop, f: Filters, w: Where) {
  const { start, end } = w.range ? { start: w.range[0], end: w.range[1] } : periodOf(shop, f);
  const c: Expression<SqlBool>[] = [eb('f.service_id', '=', shop.id)];
  if (start) c.push(eb('f.created_at', '>=', start));
  if (end) c.push(eb('f.created_at', '<', end));
  if (f.clientId !== undefined) c.push(eb('f.client_id', '=', f.clientId));
  if (f.statut) c.push(statutFiltre(eb, f.statut, shopToday(shop)));
  if (f.venteId !== undefined)
    c.push(
      eb.exists(
        eb
          .selectFrom('facture_ventes as fv')
          .select('fv.id')
          .whereRef('fv.facture_id', '=', 'f.id')
          .where('fv.vente_id', '=', f.venteId),
      ),
    );
  if (f.q) c.push(w.searchSet ? searchSet(eb, shop, f.q, w) : search(eb, shop, f.q, w));
  if (w.extra) c.push(w.extra(eb));
  return eb.and(c);
}
