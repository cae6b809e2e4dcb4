import { sql, type ExpressionBuilder } from 'kysely';
import type { FactureCredit, FactureStatut } from '@comptoir/shared';
import type { DB } from '../../db/schema.js';

/**
 * An invoice's status (docs/regles-metier.md, « Factures »), never typed: its payment status is
 * stored on the invoice and kept by every document that changes it (modules/dettes/
 * dettes.factures.ts: nothing left → payee; some money received for its sales →
 * partiellement_payee; otherwise impayee); something left after the due date, on the shop's day,
 * reads en_retard.
 */
export function statutFacture(f: {
  statutPaiement: string;
  echeance: string;
  today: string;
}): FactureStatut {
  if (f.statutPaiement !== 'payee' && f.echeance < f.today) return 'en_retard';
  return f.statutPaiement as FactureStatut;
}

/** Nothing credited, some of it, or all of it (TTC). */
export function creditFacture(totalTtc: number, montantAvoirs: number): FactureCredit {
  if (montantAvoirs <= 0) return 'aucun';
  return montantAvoirs >= totalTtc ? 'total' : 'partiel';
}

/** SQL of statutFacture for invoice `f` (alias of `factures`) on the shop's day `today`. */
export function statutSql(f: string, today: string) {
  const paiement = sql.ref(`${f}.statut_paiement`);
  return sql<string>`(case when ${paiement} <> 'payee' and ${sql.ref(`${f}.echeance`)} < ${today} then 'en_retard' else ${paiement} end)`;
}

/** An expression builder over `factures as f`. */
export type FactureEb = ExpressionBuilder<DB & { f: DB['factures'] }, 'f'>;

/** The invoices of status `statut` on the shop's day `today`, on the stored columns (index factures_statut_idx). */
export function statutFiltre(eb: FactureEb, statut: FactureStatut, today: string) {
  if (statut === 'payee') return eb('f.statut_paiement', '=', 'payee');
  // `<> 'payee'` as the partial index of migration 044 writes it, so that both databases use it.
  const owed = eb('f.statut_paiement', '<>', 'payee');
  if (statut === 'en_retard') return eb.and([owed, eb('f.echeance', '<', today)]);
  return eb.and([owed, eb('f.statut_paiement', '=', statut), eb('f.echeance', '>=', today)]);
}
