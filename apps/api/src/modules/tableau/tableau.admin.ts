import { sql, type Kysely } from 'kysely';
import type { TableauAdmin } from '@comptoir/shared';
import type { DB } from '../../db/schema.js';
import { addDays, isoIn, todayUtc } from '../../db/time.js';

/** The platform's figures for the admin; subscription days are UTC days (as the subscriptions). */

const n = (v: unknown) => Number(v ?? 0);
const DAY_MS = 86_400_000;

/** Owners by their subscriptions: active today, of which ending within 30 days, and expired. */
function subscriptionStates(
  rows: { owner_id: number; date_debut: string; date_fin: string }[],
  today: string,
) {
  const byOwner = new Map<number, typeof rows>();
  for (const r of rows) byOwner.set(r.owner_id, [...(byOwner.get(r.owner_id) ?? []), r]);
  const soon = addDays(today, 30);
  let actifs = 0;
  let expirantSous30Jours = 0;
  let expires = 0;
  for (const subs of byOwner.values()) {
    const end = subs.map((s) => s.date_fin).reduce((a, b) => (a > b ? a : b));
    if (subs.some((s) => s.date_debut <= today && s.date_fin >= today)) {
      actifs += 1;
      if (end <= soon) expirantSous30Jours += 1;
    } else if (end < today) expires += 1;
  }
  return { actifs, expirantSous30Jours, expires };
}

export async function adminDashboard(db: Kysely<DB>): Promise<TableauAdmin> {
  const today = todayUtc();
  const firstMonth = addDays(`${today.slice(0, 8)}01`, -335).slice(0, 7);
  const since = isoIn(-30 * DAY_MS);
  const [counts, subs, revenus, idle] = await Promise.all([
    db
      .selectNoFrom([
        sql<number>`(select count(distinct user_id) from user_roles where role = 'ROLE_PROPRIETAIRE')`.as(
          'proprietaires',
        ),
        sql<number>`(select count(*) from services)`.as('boutiques'),
        sql<number>`(select count(*) from users where active = 1)`.as('utilisateurs'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('abonnements')
      .where('suspendu', '=', 0)
      .select(['owner_id', 'date_debut', 'date_fin'])
      .execute(),
    db
      .selectFrom('abonnements')
      .where('date_debut', '>=', `${firstMonth}-01`)
      .where('date_debut', '<=', today)
      .select([
        sql<string>`substr(date_debut, 1, 7)`.as('mois'),
        'devise',
        sql<number>`sum(montant_paye)`.as('montant'),
      ])
      .groupBy([sql`substr(date_debut, 1, 7)`, 'devise'])
      .orderBy(sql`1`)
      .orderBy('devise')
      .execute(),
    db
      .selectFrom('services as s')
      .innerJoin('users as u', 'u.id', 's.owner_id')
      .where('s.active', '=', 1)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('ventes as v')
              .select('v.id')
              .whereRef('v.service_id', '=', 's.id')
              .where('v.created_at', '>=', since),
          ),
        ),
      )
      .select([
        's.id',
        's.nom',
        'u.prenom',
        'u.nom as owner_nom',
        sql<string | null>`(select max(v.created_at) from ventes v where v.service_id = s.id)`.as(
          'derniere',
        ),
      ])
      .orderBy('s.nom')
      .orderBy('s.id')
      .execute(),
  ]);
  return {
    proprietaires: n(counts.proprietaires),
    boutiques: n(counts.boutiques),
    utilisateurs: n(counts.utilisateurs),
    abonnements: subscriptionStates(subs, today),
    revenusParMois: revenus.map((r) => ({ mois: r.mois, devise: r.devise, montant: n(r.montant) })),
    boutiquesSansVente: idle.map((s) => ({
      id: s.id,
      nom: s.nom,
      proprietaire: `${s.prenom} ${s.owner_nom}`,
      derniereVente: s.derniere,
    })),
  };
}
