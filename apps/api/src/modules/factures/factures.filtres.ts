import { sql } from 'kysely';
import {
  addDays,
  searchKey,
  shopTimeZone,
  startOfLocalDayUtc,
  type FactureListQuery,
} from '@comptoir/shared';
import { containsPattern } from '../../db/paging.js';
import { shopToday } from '../../db/time.js';
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

/** The instants [start, end) of the issue days `du` to `au` of the shop's calendar, null if open. */
export function periodOf(shop: FactureListShop, f: Pick<Filters, 'du' | 'au'>) {
  const zone = shopTimeZone(shop.pays);
  return {
    start: f.du ? startOfLocalDayUtc(f.du, zone) : null,
    end: f.au ? startOfLocalDayUtc(addDays(f.au, 1), zone) : null,
  };
}

/** `du` and `au` are issue days of the shop's calendar; the status is derived with its day. */
export function where(eb: Eb, shop: FactureListShop, f: Filters) {
  const { start, end } = periodOf(shop, f);
  return whereIssued(eb, shop, f, start, end);
}

/** The filters, with the period as instants [start, end) (null: open). */
export function whereIssued(
  eb: Eb,
  shop: FactureListShop,
  f: Filters,
  start: string | null,
  end: string | null,
) {
  const c = [eb('f.service_id', '=', shop.id)];
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
  if (f.q) {
    const q = f.q;
    c.push(
      eb.or([
        sql<boolean>`lower(f.numero) like ${containsPattern(q)} escape '\\'`,
        // The shop's matching customers, read once (not one lookup per invoice).
        eb(
          'f.client_id',
          'in',
          eb
            .selectFrom('clients as cq')
            .select('cq.id')
            .where('cq.service_id', '=', shop.id)
            .where(
              sql<boolean>`cq.nom_recherche like ${containsPattern(searchKey(q))} escape '\\'`,
            ),
        ),
      ]),
    );
  }
  return eb.and(c);
}
