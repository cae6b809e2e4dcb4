import { sql, type Kysely, type Transaction } from 'kysely';
import { addDays, localDate, shopTimeZone, startOfLocalDayUtc } from '@comptoir/shared';
import type { DB } from '../../db/schema.js';
import { nextNumero } from '../../db/numbering.js';
import { now, nowIso } from '../../db/time.js';
import { GENESE, journaliser } from './journal.append.js';
import { archiver } from './journal.archive.js';
import { cleInstallation, type CleInstallation } from './journal.cle.js';
import { estCloture, EVENEMENTS, Reperes, type Lectures } from './journal.clotures.limites.js';
import { totaux, ZERO, type Montants, type TotauxCloture } from './journal.totaux.js';

/** Closures (docs/regles-metier.md « Clôtures »): a day, a month, a fiscal (calendar) year. */
export const PERIODES = ['jour', 'mois', 'exercice'] as const;
export type Periode = (typeof PERIODES)[number];

/** What a closure entry records (its canonical content). */
export interface ContenuCloture extends TotauxCloture {
  periode: Periode;
  /** Local calendar days of the first and last event covered ('YYYY-MM-DD'). */
  debut: string;
  fin: string;
  fuseau: string;
  /** Journal sequences covered: every event after the previous closure of the kind, to `jusqua`. */
  depuis: number;
  jusqua: number;
  evenements: number;
  /** null: the automatic closure at the shop's midnight; else the owner who closed. */
  utilisateur: number | null;
  /** The JET's head when the period was closed (absent from closures made before the JET). */
  jet?: { sequence: number; hash: string };
}

/** First and last calendar day ('YYYY-MM-DD') of the period of `periode` holding `jour`. */
export function bornes(periode: Periode, jour: string): { debut: string; fin: string } {
  if (periode === 'jour') return { debut: jour, fin: jour };
  if (periode === 'exercice')
    return { debut: `${jour.slice(0, 4)}-01-01`, fin: `${jour.slice(0, 4)}-12-31` };
  const [y, m] = [Number(jour.slice(0, 4)), Number(jour.slice(5, 7))];
  const suivant = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return { debut: `${jour.slice(0, 7)}-01`, fin: addDays(suivant, -1) };
}

/** The query of the last closure of a kind in a shop (through the closures' index, migration 053). */
export const requeteDerniereCloture = (
  db: Kysely<DB> | Transaction<DB>,
  serviceId: number,
  periode: Periode,
) =>
  db
    .selectFrom('journal_entrees')
    .select('contenu')
    .where('service_id', '=', serviceId)
    .where(estCloture())
    .where('type', '=', `cloture_${periode}`)
    .orderBy('sequence', 'desc')
    .limit(1);

/** The last closure of a kind in a shop: its content, or null. */
export async function derniereCloture(
  db: Kysely<DB> | Transaction<DB>,
  serviceId: number,
  periode: Periode,
): Promise<ContenuCloture | null> {
  const row = await requeteDerniereCloture(db, serviceId, periode).executeTakeFirst();
  return row ? (JSON.parse(row.contenu) as ContenuCloture) : null;
}

export interface ClotureFaite {
  sequence: number;
  reference: string;
  contenu: ContenuCloture;
}

/**
 * Closes a shop's period: one journal entry `cloture_<periode>` numbered CJ/CM/CE-YYYY-NNNNNN,
 * covering every event (sale, return, repayment) after the previous closure of the same kind —
 * by journal sequence, so that no event is left out or counted twice —, with its totals and the
 * perpetual grand total (the previous closure's plus this one's), signed with the installation's
 * Ed25519 key and chained like any entry. `automatique`: only the events of the first period
 * not yet closed, and only once that period has ended (the shop's midnight, its time zone).
 * The owner may close a period without events (totals zero); the automatic closure only closes
 * events. Returns null when there is nothing to close automatically. `reperes`: a catch-up's,
 * kept from one closure of the kind to the next (journal.clotures.limites.ts).
 */
export async function cloturer(
  db: Kysely<DB>,
  serviceId: number,
  periode: Periode,
  par: { utilisateur: number } | 'automatique',
  reperes = new Reperes(),
): Promise<ClotureFaite | null> {
  const cle = await cleInstallation(db);
  return db.transaction().execute(async (trx) => {
    // The head's row lock (PostgreSQL): closures and events of the shop queue behind it.
    await trx
      .updateTable('journal_tetes')
      .set({ sequence: sql`sequence` })
      .where('service_id', '=', serviceId)
      .execute();
    const faite = await ecrireCloture(trx, cle, serviceId, periode, par, reperes);
    if (faite && periode !== 'jour') await archiver(trx, cle, serviceId, faite.sequence);
    return faite;
  });
}

/**
 * The closure's journal entry without its archive, in the caller's transaction (after the head's
 * lock): what `cloturer` wrote before archives existed (migration 025; the JET's head is in it
 * since migration 030). `cloturer` archives it next; `archivesManquantes` archives the old ones.
 */
export async function ecrireCloture(
  trx: Transaction<DB>,
  cle: CleInstallation,
  serviceId: number,
  periode: Periode,
  par: { utilisateur: number } | 'automatique',
  reperes = new Reperes(),
): Promise<ClotureFaite | null> {
  const shop = await trx
    .selectFrom('services')
    .selectAll()
    .where('id', '=', serviceId)
    .executeTakeFirstOrThrow();
  const tz = shopTimeZone(shop.pays);
  const precedente = await derniereCloture(trx, serviceId, periode);
  const apres = precedente?.jusqua ?? 0;
  const evenements = () =>
    trx
      .selectFrom('journal_entrees')
      .where('service_id', '=', serviceId)
      .where('type', 'in', EVENEMENTS)
      .where('sequence', '>', apres);
  const premier = await evenements()
    .select('horodatage')
    .orderBy('sequence')
    .limit(1)
    .executeTakeFirst();
  // The owner may close a period without events (a closure of zeros); the automatic one not.
  if (!premier && par === 'automatique') return null;
  let limite: number | null = null;
  if (premier && par === 'automatique') {
    const jour = localDate(new Date(premier.horodatage), tz);
    const fin = startOfLocalDayUtc(addDays(bornes(periode, jour).fin, 1), tz);
    if (fin > nowIso()) return null;
    limite = Number(await reperes.limite(trx, serviceId, apres, fin));
  }
  const rows = await evenements()
    .select(['sequence', 'type', 'horodatage', 'contenu'])
    .$if(limite !== null, (q) => q.where('sequence', '<=', limite!))
    .orderBy('sequence')
    .execute();
  const gt: Montants = precedente?.grandTotal ?? ZERO;
  const teteJet = await trx
    .selectFrom('jet_tetes')
    .select(['sequence', 'hash'])
    .where('service_id', '=', serviceId)
    .executeTakeFirst();
  const jet = { sequence: Number(teteJet?.sequence ?? 0), hash: teteJet?.hash ?? GENESE };
  const today = localDate(now(), tz);
  const contenu: ContenuCloture = {
    periode,
    debut: rows.length ? localDate(new Date(rows[0]!.horodatage), tz) : today,
    fin: rows.length ? localDate(new Date(rows.at(-1)!.horodatage), tz) : today,
    fuseau: tz,
    depuis: rows.length ? Number(rows[0]!.sequence) : apres + 1,
    jusqua: rows.length ? Number(rows.at(-1)!.sequence) : apres,
    evenements: rows.length,
    utilisateur: par === 'automatique' ? null : par.utilisateur,
    jet,
    ...totaux(rows, gt),
  };
  const reference = await nextNumero(trx, shop, `cloture_${periode}`, now());
  const { sequence } = await journaliser(
    trx,
    serviceId,
    { type: `cloture_${periode}`, reference, contenu: { ...contenu } },
    cle.signer,
  );
  return { sequence, reference, contenu };
}

/**
 * The automatic closures (housekeeping): for every shop with a journal, each day, month and
 * year that ended with events not closed yet is closed, oldest first, one period at a time; the
 * closures of a shop and kind share their landmarks (the chain is read once, not once a closure).
 */
export async function cloturerEchues(
  db: Kysely<DB>,
  lectures: Lectures = { lues: 0 },
): Promise<number> {
  const shops = await db.selectFrom('journal_tetes').select('service_id').execute();
  let closed = 0;
  for (const { service_id } of shops)
    for (const periode of PERIODES) {
      const reperes = new Reperes(lectures);
      while (await cloturer(db, service_id, periode, 'automatique', reperes)) closed += 1;
    }
  return closed;
}
