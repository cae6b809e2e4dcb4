import { sql, type Kysely, type Selectable } from 'kysely';
import {
  normalizePhone,
  parseSort,
  PHONE_INVALID_MESSAGE,
  searchKey,
  type FieldError,
} from '@comptoir/shared';
import { AppError, validationError } from '../../core/errors.js';
import { containsPattern, offsetOf } from '../../db/paging.js';
import type { DB } from '../../db/schema.js';

/** Customers and suppliers: same phone rule, same duplicate warning, same search. */
export type PartyTable = 'clients' | 'fournisseurs';

/** The phone in E.164, read with the shop's country as default; 400 when it is not a number. */
export function phoneOf(telephone: string | null, pays: string | null): string | null {
  if (!telephone) return null;
  const normalized = normalizePhone(telephone, pays);
  if (!normalized) throw validationError([{ field: 'telephone', message: PHONE_INVALID_MESSAGE }]);
  return normalized;
}

/**
 * A record of the shop with the same phone or e-mail is a likely duplicate: 409 naming it, field by
 * field, unless the caller confirmed (`confirmerDoublon: true`).
 */
export async function warnDuplicates(
  db: Kysely<DB>,
  table: PartyTable,
  serviceId: number,
  input: { telephone: string | null; email: string | null; confirmerDoublon: boolean },
  exceptId?: number,
): Promise<void> {
  if (input.confirmerDoublon || (!input.telephone && !input.email)) return;
  const label = table === 'clients' ? 'client' : 'fournisseur';
  const errors: FieldError[] = [];
  for (const field of ['telephone', 'email'] as const) {
    const value = input[field];
    if (!value) continue;
    let q = db
      .selectFrom(table)
      .select(['id', 'nom'])
      .where('service_id', '=', serviceId)
      .where(field, '=', value);
    if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
    const other = await q.orderBy('id').executeTakeFirst();
    if (other) {
      errors.push({
        field,
        message:
          field === 'telephone'
            ? `Ce numéro est déjà celui du ${label} « ${other.nom} » (n° ${other.id}).`
            : `Cette adresse e-mail est déjà celle du ${label} « ${other.nom} » (n° ${other.id}).`,
      });
    }
  }
  if (errors.length) {
    throw new AppError(
      409,
      'CONFLICT',
      'Doublon probable',
      `Un ${label} de la boutique a déjà ce numéro de téléphone ou cette adresse e-mail. Vérifiez, ou confirmez pour l'enregistrer quand même.`,
      errors,
    );
  }
}

/** Search over name (accents and case ignored), phone digits and e-mail. */
export function partySearch(q: string) {
  const digits = q.replace(/\D/g, '');
  const conditions = [
    sql<boolean>`nom_recherche like ${containsPattern(searchKey(q))} escape '\\'`,
    sql<boolean>`lower(email) like ${containsPattern(q)} escape '\\'`,
  ];
  if (digits.length >= 3)
    conditions.push(sql<boolean>`telephone like ${containsPattern(digits)} escape '\\'`);
  return conditions;
}

/** What a list of customers or suppliers is asked (clients and fournisseurs list queries). */
export interface PartyListQuery {
  q?: string | undefined;
  actif?: boolean | undefined;
  sort?: string | undefined;
  page: number;
  size: number;
}

const PARTY_SORTS = { nom: 'nom_tri', created_at: 'created_at' } as const;

/** A page of the shop's customers or suppliers: search, active filter, French name order or date. */
export async function findPartyPage<T extends PartyTable>(
  db: Kysely<DB>,
  table: T,
  serviceId: number,
  query: PartyListQuery,
): Promise<{ items: Array<Selectable<DB[T]>>; total: number }> {
  // One table of the two, written as `clients`: both have the columns read here.
  const base = db
    .selectFrom(table as PartyTable as 'clients')
    .where('service_id', '=', serviceId)
    .where((eb) => {
      const c = [];
      if (query.q) c.push(eb.or(partySearch(query.q)));
      if (query.actif !== undefined) c.push(eb('actif', '=', query.actif ? 1 : 0));
      return eb.and(c);
    });
  const { field, direction } = parseSort<keyof typeof PARTY_SORTS>(query.sort, 'nom');
  const count = await base
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const items = await base
    .selectAll()
    .orderBy(sql.ref(PARTY_SORTS[field]), direction)
    .orderBy('id', direction)
    .limit(query.size)
    .offset(offsetOf(query))
    .execute();
  return { items: items as unknown as Array<Selectable<DB[T]>>, total: Number(count.n) };
}

/** One customer or supplier of the shop, or undefined (another shop's row included). */
export const findParty = <T extends PartyTable>(
  db: Kysely<DB>,
  table: T,
  serviceId: number,
  id: number,
): Promise<Selectable<DB[T]> | undefined> =>
  db
    .selectFrom(table as PartyTable as 'clients')
    .selectAll()
    .where('id', '=', id)
    .where('service_id', '=', serviceId)
    .executeTakeFirst() as Promise<Selectable<DB[T]> | undefined>;
