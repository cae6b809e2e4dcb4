import { sql, type RawBuilder } from 'kysely';
import type { FactureCredit, FactureStatut } from '@comptoir/shared';

/**
 * An invoice's status, derived at every read, never typed nor stored (docs/regles-metier.md,
 * « Factures »): what the customer still owes on it is the rest of its sales' debts (payments,
 * repayments and returns already counted by modules/dettes) less its commercial credit notes (those
 * without goods coming back); nothing left → payée; something left after the due date → en retard;
 * some money received for its sales → partiellement payée; otherwise impayée.
 */
export function statutFacture(f: {
  reste: number;
  echeance: string;
  today: string;
  montantPaye: number;
}): FactureStatut {
  if (f.reste <= 0) return 'payee';
  if (f.echeance < f.today) return 'en_retard';
  return f.montantPaye > 0 ? 'partiellement_payee' : 'impayee';
}

/** Nothing credited, some of it, or all of it (TTC). */
export function creditFacture(totalTtc: number, montantAvoirs: number): FactureCredit {
  if (montantAvoirs <= 0) return 'aucun';
  return montantAvoirs >= totalTtc ? 'total' : 'partiel';
}

/** SQL of the rest owed on invoice `f` (alias of `factures`), never below zero. */
export function resteSql(f: string): RawBuilder<number> {
  const id = sql.ref(`${f}.id`);
  const commerciaux = sql.ref(`${f}.avoirs_commerciaux`);
  const dettes = sql`(select coalesce(sum(d.montant - d.paye), 0) from facture_ventes fv inner join dettes d on d.vente_id = fv.vente_id where fv.facture_id = ${id})`;
  return sql<number>`(case when ${dettes} - ${commerciaux} > 0 then ${dettes} - ${commerciaux} else 0 end)`;
}

/** SQL of the money received for the sales of invoice `f`. */
export function payeSql(f: string): RawBuilder<number> {
  return sql<number>`(select coalesce(sum(v.montant_paye), 0) from facture_ventes fv inner join ventes v on v.id = fv.vente_id where fv.facture_id = ${sql.ref(`${f}.id`)})`;
}

/** SQL of statutFacture for invoice `f` on the shop's day `today` (same rules). */
export function statutSql(f: string, today: string): RawBuilder<string> {
  return sql<string>`(case when ${resteSql(f)} <= 0 then 'payee' when ${sql.ref(`${f}.echeance`)} < ${today} then 'en_retard' when ${payeSql(f)} > 0 then 'partiellement_payee' else 'impayee' end)`;
}
