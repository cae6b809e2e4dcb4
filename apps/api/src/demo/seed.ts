import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { periodEnd, frenchSortKey } from '@comptoir/shared';
import { addDays, nowIso, todayUtc } from '../db/time.js';
import { hashPassword } from '../modules/auth/passwords.js';
import { seedDemoCatalogue } from './catalogue.js';
import { seedDemoVentes } from './ventes.js';

export const DEMO_PASSWORD = 'comptoir';
export const DEMO_ACCOUNTS = [
  { email: 'admin@comptoir.test', prenom: 'Aminata', nom: 'Diallo', role: 'ROLE_ADMIN' },
  {
    email: 'proprietaire@comptoir.test',
    prenom: 'Moussa',
    nom: 'Ndiaye',
    role: 'ROLE_PROPRIETAIRE',
  },
  { email: 'gerant@comptoir.test', prenom: 'Fatou', nom: 'Sow', role: 'ROLE_GERANT' },
] as const;

/**
 * Demo data (docs/regles-metier.md): three accounts and two shops of one owner, one in FCFA and one
 * in euros; the manager works in the first only; the owner has a plan « Commerce » running for a
 * year from 30 days ago; in each shop a small catalogue with opening stock, customers and suppliers
 * (demo/catalogue.ts), then 90 days of sales with the customers' repayments and a few returns
 * among them (demo/ventes.ts, demo/suivi.ts). Loaded only into an empty database.
 */
export async function seedDemoData(db: Kysely<DB>): Promise<boolean> {
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = nowIso();
  const shops = await db.transaction().execute(async (trx) => {
    const ids: Record<string, number> = {};
    for (const account of DEMO_ACCOUNTS) {
      const { id } = await trx
        .insertInto('users')
        .values({
          email: account.email,
          password_hash: passwordHash,
          prenom: account.prenom,
          nom: account.nom,
          nom_tri: frenchSortKey(account.nom),
          prenom_tri: frenchSortKey(account.prenom),
          telephone: null,
          profile_image_id: null,
          active: 1,
          last_login_at: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('user_roles').values({ user_id: id, role: account.role }).execute();
      ids[account.role] = id;
    }
    const ownerId = ids['ROLE_PROPRIETAIRE']!;
    const shop = (s: {
      nom: string;
      ville: string;
      pays: string;
      devise: string;
      adresse: string;
      telephone: string;
      assujetti_tva: number;
      taux_tva_defaut: number;
      siret?: string;
      tva_intracom?: string;
      ninea?: string;
      rccm?: string;
    }) => ({
      owner_id: ownerId,
      nom: s.nom,
      nom_tri: frenchSortKey(s.nom),
      adresse: s.adresse,
      ville: s.ville,
      pays: s.pays,
      telephone: s.telephone,
      email: null,
      devise: s.devise,
      siret: s.siret ?? null,
      tva_intracom: s.tva_intracom ?? null,
      ninea: s.ninea ?? null,
      rccm: s.rccm ?? null,
      assujetti_tva: s.assujetti_tva,
      taux_tva_defaut: s.taux_tva_defaut,
      prix_ttc: 1,
      stock_negatif_autorise: 0,
      entete_ticket: s.nom,
      pied_ticket: 'Merci de votre visite !',
      logo_file_id: null,
      active: 1,
      created_at: now,
      updated_at: now,
    });
    const dakar = await trx
      .insertInto('services')
      .values(
        shop({
          nom: 'Boutique Dakar Plateau',
          adresse: '12 avenue Léopold Sédar Senghor',
          ville: 'Dakar',
          pays: 'SN',
          devise: 'XOF',
          telephone: '+221 33 821 00 00',
          assujetti_tva: 1,
          taux_tva_defaut: 1800,
          ninea: '005123456',
          rccm: 'SN-DKR-2020-B-12345',
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    const lyon = await trx
      .insertInto('services')
      .values(
        shop({
          nom: 'Épicerie Lyon Croix-Rousse',
          adresse: '4 rue d’Austerlitz',
          ville: 'Lyon',
          pays: 'FR',
          devise: 'EUR',
          telephone: '+33 4 78 00 00 00',
          assujetti_tva: 1,
          taux_tva_defaut: 2000,
          siret: '12345678900007',
          tva_intracom: 'FR40123456789',
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('service_members')
      .values({ service_id: dakar.id, user_id: ids['ROLE_GERANT']! })
      .execute();
    await seedDemoCatalogue(trx, { id: dakar.id, exponent: 0, prefix: 0 }, ownerId);
    await seedDemoCatalogue(trx, { id: lyon.id, exponent: 2, prefix: 1 }, ownerId);
    // The owner's subscription: plan « Commerce », started 30 days ago, for a year.
    const plan = await trx
      .insertInto('plans')
      .values({
        nom: 'Commerce',
        duree_mois: 12,
        prix: 60_000,
        devise: 'XOF',
        max_services: 3,
        max_users: 10,
        retire: 0,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const start = addDays(todayUtc(), -30);
    await trx
      .insertInto('abonnements')
      .values({
        owner_id: ownerId,
        plan_id: plan.id,
        date_debut: start,
        date_fin: periodEnd(start, 12),
        montant_paye: 60_000,
        devise: 'XOF',
        mode_paiement: 'mobile_money',
        reference: 'OM-DEMO-0001',
        suspendu: 0,
        created_at: now,
        created_by: ids['ROLE_ADMIN']!,
      })
      .execute();
    return { dakar: dakar.id, lyon: lyon.id, ownerId, managerId: ids['ROLE_GERANT']! };
  });
  // Three months of sales in both shops, through the sales module.
  await db.transaction().execute(async (trx) => {
    await seedDemoVentes(trx, shops.dakar, [shops.ownerId, shops.managerId], {
      days: 90,
      perDay: 3,
      seed: 2026,
    });
    await seedDemoVentes(trx, shops.lyon, [shops.ownerId], { days: 90, perDay: 2, seed: 69 });
  });
  return true;
}
