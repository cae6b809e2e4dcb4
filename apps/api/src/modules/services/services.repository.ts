import { sql, type Kysely } from 'kysely';
import {
  frenchSortKey,
  parseSort,
  type ServiceData,
  type ServiceListQuery,
  type ServiceSort,
} from '@comptoir/shared';
import { lowerContains, offsetOf } from '../../db/paging.js';
import type { DB } from '../../db/schema.js';

/** Who is looking: the admin sees every shop; anyone else the shops they own or work in. */
export type ServiceScope = { kind: 'admin' } | { kind: 'member'; userId: number };

const LIST_COLUMNS = [
  'services.id',
  'services.nom',
  'services.ville',
  'services.pays',
  'services.telephone',
  'services.devise',
  'services.logo_file_id',
  'services.active',
  'services.created_at',
  'users.id as owner_id',
  'users.prenom as owner_prenom',
  'users.nom as owner_nom',
  'users.email as owner_email',
] as const;

const SORT_COLUMNS: Record<
  ServiceSort,
  'services.nom_tri' | 'services.ville' | 'services.devise' | 'services.created_at'
> = {
  // French order (frenchSortKey, migration 027).
  nom: 'services.nom_tri',
  ville: 'services.ville',
  devise: 'services.devise',
  created_at: 'services.created_at',
};

export async function findServicePage(
  db: Kysely<DB>,
  scope: ServiceScope,
  query: ServiceListQuery,
) {
  const base = db
    .selectFrom('services')
    .innerJoin('users', 'users.id', 'services.owner_id')
    .where((eb) => {
      const conditions = [];
      if (scope.kind === 'member') {
        conditions.push(
          eb.or([
            eb('services.owner_id', '=', scope.userId),
            eb(
              'services.id',
              'in',
              eb
                .selectFrom('service_members')
                .select('service_id')
                .where('user_id', '=', scope.userId),
            ),
          ]),
        );
      }
      if (query.active !== undefined)
        conditions.push(eb('services.active', '=', query.active ? 1 : 0));
      if (query.ownerId !== undefined) conditions.push(eb('services.owner_id', '=', query.ownerId));
      if (query.q)
        conditions.push(
          lowerContains(sql`services.nom || ' ' || coalesce(services.ville, '')`, query.q),
        );
      return eb.and(conditions);
    });
  const { field, direction } = parseSort<ServiceSort>(query.sort, 'nom');
  const count = await base
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const items = await base
    .select(LIST_COLUMNS)
    .orderBy(SORT_COLUMNS[field], (ob) => (direction === 'desc' ? ob.desc() : ob.asc()).nullsLast())
    .orderBy('services.id', direction)
    .limit(query.size)
    .offset(offsetOf(query))
    .execute();
  return { items, total: Number(count.n) };
}

export type ServiceListRow = Awaited<ReturnType<typeof findServicePage>>['items'][number];

export function findOwner(db: Kysely<DB>, ownerId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'prenom', 'nom', 'email'])
    .where('id', '=', ownerId)
    .executeTakeFirstOrThrow();
}

/** Column values of a shop from its validated input. */
export function columnsOf(input: ServiceData) {
  return {
    nom: input.nom,
    nom_tri: frenchSortKey(input.nom),
    adresse: input.adresse,
    ville: input.ville,
    pays: input.pays,
    telephone: input.telephone,
    email: input.email,
    devise: input.devise,
    siret: input.siret,
    tva_intracom: input.tvaIntracom,
    ninea: input.ninea,
    rccm: input.rccm,
    assujetti_tva: input.assujettiTva ? 1 : 0,
    taux_tva_defaut: input.tauxTvaDefaut,
    prix_ttc: input.prixTtc ? 1 : 0,
    stock_negatif_autorise: input.stockNegatifAutorise ? 1 : 0,
    entete_ticket: input.enteteTicket,
    pied_ticket: input.piedTicket,
    prefixe_vente: input.prefixeVente,
    prefixe_facture: input.prefixeFacture,
    prefixe_devis: input.prefixeDevis,
    prefixe_achat: input.prefixeAchat,
    rcs: input.rcs,
    forme_juridique: input.formeJuridique,
    capital: input.capital,
    taux_penalites: input.tauxPenalites,
    delai_paiement: input.delaiPaiement,
  };
}
