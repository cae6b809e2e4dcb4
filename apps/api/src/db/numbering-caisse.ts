import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import { localYear, numeroCaisse, shopTimeZone } from '@comptoir/shared';
import { AppError, conflict } from '../core/errors.js';
import { figee } from './figees.js';
import type { DB } from './schema.js';
import { idVente, type NumberingShop } from './numbering.js';
import { now } from './time.js';

/**
 * The register's own gapless series (docs/regles-metier.md « Vente hors ligne »):
 * V-2026-C02-000123 = the shop's sale prefix, the shop year, the register's code, its sequence.
 * One counter row per register and shop year (`caisse_compteurs`), moved inside the sale's
 * transaction like the shop's counter (numbering.ts). Online, the server issues the next number;
 * offline, the till issues it and the server records it only as the very next one.
 */

const codeOf = (n: number) => `C${String(n).padStart(2, '0')}`;

/** The register's code (C01, C02…): its rank among the shop's registers, given once and kept. */
export async function caisseCode(db: Kysely<DB>, serviceId: number, caisseId: number) {
  const read = () =>
    db
      .selectFrom('caisse_series')
      .select('code')
      .where('caisse_id', '=', caisseId)
      .executeTakeFirst();
  const known = await read();
  if (known) return known.code;
  const { rank } = await db
    .selectFrom('caisses')
    .select((eb) => eb.fn.countAll<number>().as('rank'))
    .where('service_id', '=', serviceId)
    .where('id', '<=', caisseId)
    .executeTakeFirstOrThrow();
  const taken = new Set(
    (
      await db
        .selectFrom('caisse_series')
        .select('code')
        .where('service_id', '=', serviceId)
        .execute()
    ).map((r) => r.code),
  );
  let n = Number(rank);
  while (taken.has(codeOf(n))) n++;
  try {
    await db
      .insertInto('caisse_series')
      .values({ caisse_id: caisseId, service_id: serviceId, code: codeOf(n) })
      .onConflict((oc) => oc.column('caisse_id').doNothing())
      .execute();
  } catch {
    // Another register of the shop took this code at the same instant: the next read decides.
  }
  const given = await read();
  if (!given) return caisseCode(db, serviceId, caisseId);
  return given.code;
}

/** The shop year of an instant: the year of a register's series. */
export const anneeCaisse = (shop: Pick<NumberingShop, 'pays'>, date: Date) =>
  localYear(date, shopTimeZone(shop.pays));

/** The last sequence recorded of the register's series in a year (0: none yet). */
export async function dernierCaisse(db: Kysely<DB>, caisseId: number, annee: number) {
  const row = await db
    .selectFrom('caisse_compteurs')
    .select('dernier')
    .where('caisse_id', '=', caisseId)
    .where('annee', '=', annee)
    .executeTakeFirst();
  return row ? Number(row.dernier) : 0;
}

const idDe = (row: { vente_id: number | null }) =>
  row.vente_id === null ? null : Number(row.vente_id);

/** An earlier number of the register has not arrived yet: the till sends it first. */
export class NumeroEnAttente extends AppError {
  constructor(numero: string, attendu: number) {
    super(
      409,
      'CONFLICT',
      'Numéro en attente',
      `La vente ${numero} attend les ventes précédentes de la caisse (prochain numéro attendu : ${attendu}).`,
    );
  }
}

/** The register's code, once given, comes back with the counter: one statement per sale online. */
const codeDe = (caisseId: number) => (eb: ExpressionBuilder<DB, 'caisse_compteurs'>) =>
  eb
    .selectFrom('caisse_series')
    .select('code')
    .where('caisse_series.caisse_id', '=', caisseId)
    .as('code');

/** The counter of a sale made online, moved by one; built once (figees.ts). */
const suivant = figee((db: Kysely<DB>, caisseId: number, annee: number, avecId: boolean) =>
  db
    .insertInto('caisse_compteurs')
    .values({ caisse_id: caisseId, annee, dernier: 1 })
    .onConflict((oc) =>
      oc
        .columns(['caisse_id', 'annee'])
        .doUpdateSet({ dernier: sql<number>`caisse_compteurs.dernier + 1` }),
    )
    .returning(['dernier', codeDe(caisseId), idVente(avecId)]),
);

/**
 * Next number of the register's series, inside the sale's transaction. `sequence` given (a sale
 * the till numbered): recorded only when it is the very next one; an earlier one is missing:
 * NumeroEnAttente; already used: 409. Not given (a sale made online): the server's next.
 */
export async function nextNumeroCaisse(
  trx: Transaction<DB>,
  shop: NumberingShop,
  caisseId: number,
  date: Date = now(),
  sequence?: number,
  /** PostgreSQL: the sale's id drawn with its number (`idVente` of numbering.ts). */
  avecId = false,
): Promise<{ numero: string; annee: number; sequence: number; venteId: number | null }> {
  const annee = anneeCaisse(shop, date);
  const numero = async (n: number, known?: string | null) =>
    numeroCaisse(shop.prefixe_vente, annee, known ?? (await caisseCode(trx, shop.id, caisseId)), n);
  const code = codeDe(caisseId);
  if (sequence === undefined) {
    const [row] = await suivant(trx, caisseId, annee, avecId);
    if (!row) throw new Error('Compteur de caisse non écrit');
    const n = Number(row.dernier);
    return { numero: await numero(n, row.code), annee, sequence: n, venteId: idDe(row) };
  }
  await trx
    .insertInto('caisse_compteurs')
    .values({ caisse_id: caisseId, annee, dernier: 0 })
    .onConflict((oc) => oc.columns(['caisse_id', 'annee']).doNothing())
    .execute();
  const row = await trx
    .updateTable('caisse_compteurs')
    .set((eb) => ({ dernier: eb('dernier', '+', 1) }))
    .where('caisse_id', '=', caisseId)
    .where('annee', '=', annee)
    .where('dernier', '=', sequence - 1)
    .returning(['dernier', code, idVente(avecId)])
    .executeTakeFirst();
  if (row) return { numero: await numero(sequence, row.code), annee, sequence, venteId: idDe(row) };
  const refuse = await numero(sequence);
  const dernier = await dernierCaisse(trx, caisseId, annee);
  if (sequence <= dernier)
    throw conflict(`Le numéro ${refuse} de la caisse a déjà servi pour une autre vente.`);
  throw new NumeroEnAttente(refuse, dernier + 1);
}
