import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

/** The events a closure adds up. */
export const EVENEMENTS = ['vente', 'retour', 'reglement'];

/**
 * The closure entries, in the words of their partial index (migration 053): SQLite uses a partial
 * index only for a query that repeats its condition as written, with literals, not parameters.
 * `table`: the alias of `journal_entrees` in a join.
 */
export const estCloture = (table?: string) =>
  sql<boolean>`${sql.ref(table ? `${table}.type` : 'type')} in ('cloture_jour', 'cloture_mois', 'cloture_exercice')`;

/** What the landmarks of a catch-up read, in sequences. */
export interface Lectures {
  lues: number;
}

/** Sequences per bloc of the landmarks. */
const BLOC = 100;

/**
 * Where an automatic closure ends (docs/regles-metier.md « Clôtures »): the last event, by
 * sequence, after the previous closure of the kind (`apres`), that happened before the period's
 * end (`fin`) — a sale synchronised late with an earlier time draws the events before it into the
 * closure. Asked of the database as such, each closure read every event after `apres`: a shop
 * catching up on three years (3,452 day closures over a million events) read the rest of its
 * chain 3,452 times. The landmarks read it once per catch-up (one per shop and kind,
 * `cloturerEchues`): the earliest time of the events of each bloc of 100 sequences, up to the
 * head (locked by the closure: every entry up to it is written, and the chain never changes),
 * extended by the entries appended since at each closure. The answer lies in the last bloc whose
 * earliest time is before `fin`: a later bloc holds no event before `fin`, and a bloc before
 * `apres` only counts when the answer is in it (the first event after `apres`, before `fin`, is
 * there to be found). That bloc alone is read.
 */
export class Reperes {
  readonly #blocs: Array<{ bloc: number; debut: string }> = [];
  #lus = 0;

  /** `lectures.lues`: how many sequences the reads covered (shared by a catch-up; tests bound it). */
  constructor(readonly lectures: Lectures = { lues: 0 }) {}

  async limite(
    trx: Transaction<DB>,
    serviceId: number,
    apres: number,
    fin: string,
  ): Promise<number | null> {
    const evenements = () =>
      trx
        .selectFrom('journal_entrees')
        .where('service_id', '=', serviceId)
        .where('type', 'in', EVENEMENTS);
    const tete = await trx
      .selectFrom('journal_tetes')
      .select('sequence')
      .where('service_id', '=', serviceId)
      .executeTakeFirst();
    const depuis = Math.max(apres, this.#lus);
    this.#lus = Math.max(depuis, Number(tete?.sequence ?? 0));
    if (this.#lus > depuis) {
      this.lectures.lues += this.#lus - depuis;
      const bloc = sql<number>`(sequence - 1) / ${sql.lit(BLOC)}`;
      const rows = await evenements()
        .select([bloc.as('bloc'), (eb) => eb.fn.min('horodatage').as('debut')])
        .where('sequence', '>', depuis)
        .where('sequence', '<=', this.#lus)
        .groupBy(bloc)
        .orderBy(bloc)
        .execute();
      for (const r of rows) {
        const b = { bloc: Number(r.bloc), debut: r.debut };
        const last = this.#blocs.at(-1);
        if (last?.bloc === b.bloc) last.debut = b.debut < last.debut ? b.debut : last.debut;
        else this.#blocs.push(b);
      }
    }
    const dernier = this.#blocs.findLast((b) => b.debut < fin);
    if (!dernier) return null;
    const [de, a] = [Math.max(apres, dernier.bloc * BLOC), (dernier.bloc + 1) * BLOC];
    this.lectures.lues += Math.max(0, a - de);
    const r = await evenements()
      .select((eb) => eb.fn.max('sequence').as('s'))
      .where('sequence', '>', de)
      .where('sequence', '<=', a)
      .where('horodatage', '<', fin)
      .executeTakeFirst();
    return r?.s == null ? null : Number(r.s);
  }
}
