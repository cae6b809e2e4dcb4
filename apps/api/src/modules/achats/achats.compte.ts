import { sql, type Kysely, type Selectable } from 'kysely';
import {
  parseSort,
  type AchatStatut,
  type CompteFournisseur,
  type DetteFournisseurListQuery,
  type DetteFournisseurPage,
} from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { offsetOf } from '../../db/paging.js';
import type { DB, ServicesTable } from '../../db/schema.js';
import { shopToday } from '../../db/time.js';
import { partySearch } from '../clients/party.js';
import { resteOf, resteSql } from './achats.read.js';
import { findReglementsFournisseur, fournisseurOf } from './achats.reglement.js';
import { findRetoursAchats } from './achats.retour.js';

type Service = Selectable<ServicesTable>;
type Sort = 'solde' | 'nom' | 'echeance';
const SORTS: Record<Sort, string> = {
  solde: 'solde',
  nom: 'nom_tri',
  echeance: 'prochaine_echeance',
};

const RESTE = resteSql('a');

/**
 * What the shop owes a supplier, derived from documents: the rest of each validated purchase
 * (total − payments − the part of its returns that reduced the debt); overdue past its due date,
 * on the shop's calendar day.
 */
export async function compteFournisseur(
  ctx: AppContext,
  service: Service,
  fournisseurId: number,
): Promise<CompteFournisseur> {
  const { db } = ctx.database;
  const f = await fournisseurOf(db, service.id, fournisseurId);
  const today = shopToday(service);
  const [achats, reglements, retours] = await Promise.all([
    db
      .selectFrom('achats')
      .selectAll()
      .where('service_id', '=', service.id)
      .where('fournisseur_id', '=', fournisseurId)
      .where('statut', '<>', 'brouillon')
      .orderBy('date_achat', 'desc')
      .orderBy('id', 'desc')
      .execute(),
    findReglementsFournisseur(db, service.id, { fournisseurId }),
    findRetoursAchats(db, service.id, { fournisseurId }),
  ]);
  const lignes = achats.map((a) => {
    const reste = resteOf(a);
    return {
      id: a.id,
      numero: a.numero!,
      date: a.date_achat,
      echeance: a.echeance,
      total: Number(a.total),
      montantPaye: Number(a.montant_paye),
      montantRetourne: Number(a.montant_retourne),
      reste,
      statut: a.statut as AchatStatut,
      enRetard: reste > 0 && a.echeance !== null && a.echeance < today,
    };
  });
  return {
    fournisseur: { id: f.id, nom: f.nom, telephone: f.telephone },
    solde: lignes.reduce((s, a) => s + a.reste, 0),
    enRetard: lignes.reduce((s, a) => s + (a.enRetard ? a.reste : 0), 0),
    nombreAchats: lignes.length,
    totalAchats: lignes.reduce((s, a) => s + a.total, 0),
    achats: lignes,
    reglements,
    retours: retours.reverse(),
  };
}

/** One row per supplier owed something: balance, overdue part, open purchases, next due date. */
export async function listDettesFournisseurs(
  db: Kysely<DB>,
  service: Service,
  query: DetteFournisseurListQuery,
): Promise<DetteFournisseurPage> {
  const today = shopToday(service);
  const enRetard = sql<number>`case when a.echeance < ${today} then ${RESTE} else 0 end`;
  let grouped = db
    .selectFrom('achats as a')
    .innerJoin('fournisseurs', 'fournisseurs.id', 'a.fournisseur_id')
    .where('a.service_id', '=', service.id)
    .where('a.statut', '<>', 'brouillon')
    .where(sql<boolean>`${RESTE} > 0`)
    .select([
      'fournisseurs.id as fournisseur_id',
      'fournisseurs.nom',
      'fournisseurs.nom_tri',
      'fournisseurs.telephone',
      sql<number>`sum(${RESTE})`.as('solde'),
      sql<number>`sum(${enRetard})`.as('en_retard'),
      sql<number>`count(*)`.as('nombre_achats'),
      sql<string | null>`min(a.echeance)`.as('prochaine_echeance'),
    ])
    .groupBy([
      'fournisseurs.id',
      'fournisseurs.nom',
      'fournisseurs.nom_tri',
      'fournisseurs.telephone',
    ]);
  if (query.q) grouped = grouped.where((eb) => eb.or(partySearch(query.q!)));
  if (query.enRetard) grouped = grouped.having(sql<boolean>`sum(${enRetard}) > 0`);
  const base = db.selectFrom(grouped.as('t'));
  const { field, direction } = query.sort
    ? parseSort<Sort>(query.sort, 'solde')
    : { field: 'solde' as const, direction: 'desc' as const };
  const [totals, items] = await Promise.all([
    base
      .select([
        sql<number>`coalesce(sum(t.solde), 0)`.as('solde'),
        sql<number>`coalesce(sum(t.en_retard), 0)`.as('en_retard'),
        sql<number>`count(*)`.as('fournisseurs'),
      ])
      .executeTakeFirstOrThrow(),
    base
      .selectAll('t')
      .orderBy(sql.ref(`t.${SORTS[field]}`), direction)
      .orderBy('t.fournisseur_id', direction)
      .limit(query.size)
      .offset(offsetOf(query))
      .execute(),
  ]);
  return {
    items: items.map((r) => ({
      fournisseur: { id: r.fournisseur_id, nom: r.nom, telephone: r.telephone },
      solde: Number(r.solde),
      enRetard: Number(r.en_retard),
      nombreAchats: Number(r.nombre_achats),
      prochaineEcheance: r.prochaine_echeance,
    })),
    total: Number(totals.fournisseurs),
    page: query.page,
    size: query.size,
    totaux: {
      solde: Number(totals.solde),
      enRetard: Number(totals.en_retard),
      fournisseurs: Number(totals.fournisseurs),
    },
  };
}
