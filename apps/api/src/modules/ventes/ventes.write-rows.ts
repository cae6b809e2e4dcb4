import { PostgresAdapter, sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import { ajoutEnCte, type TeteAjoutee, type ValeursAjout } from '../journal/journal.append.js';
import { figee } from '../../db/figees.js';
import { derniereInstruction } from '../../db/pg-nommees.js';
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

// SQLite's statements, built once per shape of their rows, a null a value like any (db/figees.ts).
const lignesFigees = { nullsEnValeurs: true };
const inserer = {
  vente: figee(
    (db: Kysely<DB>, v: Insertable<DB['ventes']>) => db.insertInto('ventes').values(v),
    lignesFigees,
  ),
  lignes: figee(
    (db: Kysely<DB>, l: Insertable<DB['vente_lignes']>[]) =>
      db.insertInto('vente_lignes').values(l).returning(['id', 'position']),
    lignesFigees,
  ),
  paiements: figee(
    (db: Kysely<DB>, p: Insertable<DB['paiements']>[]) =>
      db.insertInto('paiements').values(p).returning('id'),
    lignesFigees,
  ),
  mouvements: figee(
    (db: Kysely<DB>, m: Insertable<DB['mouvements_stock']>[]) =>
      db.insertInto('mouvements_stock').values(m),
    lignesFigees,
  ),
  caisse: figee(
    (db: Kysely<DB>, c: Insertable<DB['ventes_caisse']>) =>
      db.insertInto('ventes_caisse').values(c),
    lignesFigees,
  ),
};

/**
 * PostgreSQL's statement of a sale's rows (and its journal entry), built once per shape: absent
 * parts are undefined, a null is a value (db/figees.ts).
 */
const ecrireEnUne = figee(
  (
    db: Kysely<DB>,
    vente: Insertable<DB['ventes']> | undefined,
    lignes: Insertable<DB['vente_lignes']>[],
    paiements: Insertable<DB['paiements']>[],
    mouvements: Insertable<DB['mouvements_stock']>[],
    caisse: Insertable<DB['ventes_caisse']> | undefined,
    journal: ValeursAjout | undefined,
    derniere: boolean,
  ) => {
    const inserts = {
      v: vente ? db.insertInto('ventes').values(vente) : null,
      l: lignes.length
        ? db.insertInto('vente_lignes').values(lignes).returning(['id', 'position'])
        : null,
      p: paiements.length ? db.insertInto('paiements').values(paiements).returning('id') : null,
      m: mouvements.length ? db.insertInto('mouvements_stock').values(mouvements) : null,
      c: caisse ? db.insertInto('ventes_caisse').values(caisse) : null,
    };
    const ctes = Object.entries(inserts)
      .filter(([, q]) => q !== null)
      .map(([name, q]) => sql`${sql.id(name)} as (${q!})`);
    if (journal) ctes.push(ajoutEnCte(journal));
    const none = sql`null::text as hash, null::text as horloge`;
    const select = [
      sql`select 'x' as k, 0::bigint as id, 0 as position, ${none} where false`,
      ...(inserts.l ? [sql`select 'l', id, position, ${none} from l`] : []),
      ...(inserts.p ? [sql`select 'p', id, 0, ${none} from p`] : []),
      ...(journal ? [sql`select 'j', sequence, 0, hash, horloge from jt`] : []),
      // Last statement (its COMMIT already follows it): it refuses what would need another after
      // it, the shop's first journal entry (no head) and a clock anomaly (a minute back, checked
      // here a second early; journal.append.ts).
      ...(journal && derniere
        ? [
            sql`select 'g', 0, 0, ${none} where not comptoir_exiger((select count(*) from jo) = 1
              and coalesce((select horloge from jo)::timestamptz - ${journal.horloge}::timestamptz
                <= interval '59 seconds', true))`,
          ]
        : []),
    ];
    return sql<
      { k: 'l' | 'p' | 'j'; id: number; position: number } & Omit<TeteAjoutee, 'sequence'>
    >`with ${sql.join(ctes)} ${sql.join(select, sql` union all `)}`;
  },
  lignesFigees,
);

/**
 * Writes a sale's rows and returns the ids of its lines (by position) and of its payments (in the
 * cart's order: ids are given in the order of the rows). PostgreSQL: one statement of five
 * inserts, the sale's first, with its journal entry (one round trip, at the end of which the
 * summaries' triggers take the shop's hot rows, held until the COMMIT, which a cash sale sends
 * right behind it: `derniere`); SQLite, which has no writing WITH: one statement per table, on its
 * single connection.
 */
export async function writeRows(
  trx: Transaction<DB>,
  rows: LignesDeVente,
  /** PostgreSQL: the sale's journal entry in the same statement (`ajoutEnCte` of the journal). */
  journal?: ValeursAjout,
  /**
   * PostgreSQL, with `journal`: this statement is the transaction's last, its COMMIT sent behind
   * it (`derniereInstruction`, db/pg-nommees.ts); it fails with SUITE_NECESSAIRE when the shop has
   * no journal head yet or the clock went back.
   */
  derniere = false,
): Promise<{ ligneIds: number[]; paiementIds: number[]; tete: TeteAjoutee | undefined }> {
  const ligneIds: number[] = [];
  const paiementIds: number[] = [];
  let tete: TeteAjoutee | undefined;
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    const aLaSuite = derniere && journal !== undefined;
    const ecrire = () =>
      ecrireEnUne(
        trx,
        rows.vente ?? undefined,
        rows.lignes,
        rows.paiements,
        rows.mouvements,
        rows.caisse ?? undefined,
        journal,
        aLaSuite,
      );
    const ids = await (aLaSuite ? derniereInstruction(ecrire) : ecrire());
    for (const r of ids)
      if (r.k === 'l') ligneIds[Number(r.position) - 1] = Number(r.id);
      else if (r.k === 'p') paiementIds.push(Number(r.id));
      else tete = { sequence: Number(r.id), hash: r.hash, horloge: r.horloge };
  } else {
    if (rows.vente) await inserer.vente(trx, rows.vente);
    for (let i = 0; i < rows.lignes.length; i += 100)
      for (const r of await inserer.lignes(trx, rows.lignes.slice(i, i + 100)))
        ligneIds[r.position - 1] = r.id;
    if (rows.paiements.length)
      paiementIds.push(...(await inserer.paiements(trx, rows.paiements)).map((r) => r.id));
    if (rows.mouvements.length) await inserer.mouvements(trx, rows.mouvements);
    if (rows.caisse) await inserer.caisse(trx, rows.caisse);
  }
  return { ligneIds, paiementIds: paiementIds.sort((a, b) => a - b), tete };
}
