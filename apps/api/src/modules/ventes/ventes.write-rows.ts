import { PostgresAdapter, sql, type Insertable, type RawBuilder, type Transaction } from 'kysely';
import type { TeteAjoutee } from '../journal/journal.append.js';
import type { DB } from '../../db/schema.js';

/** What a sale writes once it has its id: its lines, payments, stock movements, register row. */
export interface LignesDeVente {
  /** PostgreSQL: the sale itself, its id drawn with its number (numbering.ts `idVente`). */
  vente: Insertable<DB['ventes']> | null;
  lignes: Insertable<DB['vente_lignes']>[];
  paiements: Insertable<DB['paiements']>[];
  mouvements: Insertable<DB['mouvements_stock']>[];
  caisse: Insertable<DB['ventes_caisse']> | null;
}

/**
 * Writes a sale's rows and returns the ids of its lines (by position) and of its payments (in the
 * cart's order: ids are given in the order of the rows). PostgreSQL: one statement of five
 * inserts, the sale's first (one round trip, at the end of which the summaries' triggers take the
 * shop's hot rows, held until the commit; then only the journal's statement and the COMMIT);
 * SQLite, which has no writing WITH: one statement per table, on its single connection.
 */
export async function writeRows(
  trx: Transaction<DB>,
  rows: LignesDeVente,
  /** PostgreSQL: the sale's journal entry in the same statement (`ajoutEnCte` of the journal). */
  journal?: { ctes: RawBuilder<unknown> },
): Promise<{ ligneIds: number[]; paiementIds: number[]; tete: TeteAjoutee | undefined }> {
  const inserts = {
    v: rows.vente ? trx.insertInto('ventes').values(rows.vente) : null,
    l: rows.lignes.length
      ? trx.insertInto('vente_lignes').values(rows.lignes).returning(['id', 'position'])
      : null,
    p: rows.paiements.length
      ? trx.insertInto('paiements').values(rows.paiements).returning('id')
      : null,
    m: rows.mouvements.length ? trx.insertInto('mouvements_stock').values(rows.mouvements) : null,
    c: rows.caisse ? trx.insertInto('ventes_caisse').values(rows.caisse) : null,
  };
  const ligneIds: number[] = [];
  const paiementIds: number[] = [];
  let tete: TeteAjoutee | undefined;
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    const ctes = Object.entries(inserts)
      .filter(([, q]) => q !== null)
      .map(([name, q]) => sql`${sql.id(name)} as (${q!})`);
    if (journal) ctes.push(journal.ctes);
    const none = sql`null::text as hash, null::text as horloge`;
    const select = [
      sql`select 'x' as k, 0::bigint as id, 0 as position, ${none} where false`,
      ...(inserts.l ? [sql`select 'l', id, position, ${none} from l`] : []),
      ...(inserts.p ? [sql`select 'p', id, 0, ${none} from p`] : []),
      ...(journal ? [sql`select 'j', sequence, 0, hash, horloge from jt`] : []),
    ];
    const { rows: ids } = await sql<
      { k: 'l' | 'p' | 'j'; id: number; position: number } & Omit<TeteAjoutee, 'sequence'>
    >`with ${sql.join(ctes)} ${sql.join(select, sql` union all `)}`.execute(trx);
    for (const r of ids)
      if (r.k === 'l') ligneIds[Number(r.position) - 1] = Number(r.id);
      else if (r.k === 'p') paiementIds.push(Number(r.id));
      else tete = { sequence: Number(r.id), hash: r.hash, horloge: r.horloge };
  } else {
    if (inserts.v) await inserts.v.execute();
    for (let i = 0; i < rows.lignes.length; i += 100)
      for (const r of await trx
        .insertInto('vente_lignes')
        .values(rows.lignes.slice(i, i + 100))
        .returning(['id', 'position'])
        .execute())
        ligneIds[r.position - 1] = r.id;
    if (inserts.p) paiementIds.push(...(await inserts.p.execute()).map((r) => r.id));
    if (inserts.m) await inserts.m.execute();
    if (inserts.c) await inserts.c.execute();
  }
  return { ligneIds, paiementIds: paiementIds.sort((a, b) => a - b), tete };
}
