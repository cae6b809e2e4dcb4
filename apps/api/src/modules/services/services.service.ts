import type { FastifyRequest } from 'fastify';
import type { Selectable, Transaction } from 'kysely';
import type {
  Page,
  ServiceData,
  ServiceDetail,
  ServiceListItem,
  ServiceListQuery,
} from '@comptoir/shared';
import type { AuthUser } from '../../core/authenticate.js';
import type { AppContext } from '../../core/context.js';
import { businessRule } from '../../core/errors.js';
import { requireShopOwner } from '../../core/service-access.js';
import { countReferences } from '../../db/references.js';
import type { DB, ServicesTable } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';
import { assertShopRoom } from '../abonnements/limits.js';
import { createDefaultCaisse } from '../caisses/caisses.service.js';
import { fileUrl, removeImage, replaceImage } from '../files/images.js';
import { columnsOf, findOwner, findServicePage, type ServiceScope } from './services.repository.js';
import { changements, jet } from '../journal/journal.jet.js';

type ServiceRow = Selectable<ServicesTable>;

/**
 * Tables of priced documents (sales, purchases, quotes, invoices…), each with a `service_id`
 * column. None exists yet: the selling and purchasing issues add their tables here, and from then
 * on a shop holding one of their rows can no longer change currency. Until then the list is empty
 * and every shop may change currency. Mutable only so that a test can register a table of its own.
 */
export const PRICED_TABLES: string[] = ['ventes'];

/** True when a row of a priced document references the shop. */
export async function hasPricedDocuments(ctx: AppContext, serviceId: number): Promise<boolean> {
  for (const table of PRICED_TABLES) {
    if ((await countReferences(ctx.database.db, table, 'service_id', serviceId)) > 0) return true;
  }
  return false;
}

const scopeOf = (user: AuthUser): ServiceScope =>
  user.roles.includes('ROLE_ADMIN') ? { kind: 'admin' } : { kind: 'member', userId: user.id };

export async function listServices(
  ctx: AppContext,
  user: AuthUser,
  query: ServiceListQuery,
): Promise<Page<ServiceListItem>> {
  const scope = scopeOf(user);
  const { items, total } = await findServicePage(
    ctx.database.db,
    scope,
    scope.kind === 'admin' ? query : { ...query, ownerId: undefined },
  );
  return {
    items: items.map((r) => ({
      id: r.id,
      nom: r.nom,
      ville: r.ville,
      pays: r.pays,
      telephone: r.telephone,
      devise: r.devise,
      logo: r.logo_file_id ? fileUrl(r.logo_file_id) : null,
      active: r.active === 1,
      owner: { id: r.owner_id, prenom: r.owner_prenom, nom: r.owner_nom, email: r.owner_email },
      createdAt: r.created_at,
    })),
    total,
    page: query.page,
    size: query.size,
  };
}

export async function serviceDetail(ctx: AppContext, serviceId: number): Promise<ServiceDetail> {
  const { db } = ctx.database;
  const s = await db
    .selectFrom('services')
    .selectAll()
    .where('id', '=', serviceId)
    .executeTakeFirstOrThrow();
  const owner = await findOwner(db, s.owner_id);
  return {
    id: s.id,
    nom: s.nom,
    adresse: s.adresse,
    ville: s.ville,
    pays: s.pays,
    telephone: s.telephone,
    email: s.email,
    devise: s.devise,
    siret: s.siret,
    tvaIntracom: s.tva_intracom,
    ninea: s.ninea,
    rccm: s.rccm,
    assujettiTva: s.assujetti_tva === 1,
    tauxTvaDefaut: s.taux_tva_defaut,
    prixTtc: s.prix_ttc === 1,
    stockNegatifAutorise: s.stock_negatif_autorise === 1,
    enteteTicket: s.entete_ticket,
    piedTicket: s.pied_ticket,
    prefixeVente: s.prefixe_vente,
    prefixeFacture: s.prefixe_facture,
    prefixeDevis: s.prefixe_devis,
    prefixeAchat: s.prefixe_achat,
    rcs: s.rcs,
    formeJuridique: s.forme_juridique,
    capital: s.capital === null ? null : Number(s.capital),
    tauxPenalites: s.taux_penalites,
    delaiPaiement: s.delai_paiement,
    logo: s.logo_file_id ? fileUrl(s.logo_file_id) : null,
    active: s.active === 1,
    owner,
    deviseModifiable: !(await hasPricedDocuments(ctx, s.id)),
    createdAt: s.created_at,
    updatedAt: s.updated_at,
  };
}

/** A new shop of the owner, within the plan's maximum (an administrator is never limited). */
export async function createService(
  ctx: AppContext,
  owner: AuthUser,
  input: ServiceData,
): Promise<ServiceDetail> {
  if (!owner.roles.includes('ROLE_ADMIN')) await assertShopRoom(ctx, owner.id);
  const now = nowIso();
  const { id } = await ctx.database.db
    .insertInto('services')
    .values({
      ...columnsOf(input),
      owner_id: owner.id,
      logo_file_id: null,
      active: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await createDefaultCaisse(ctx.database.db, id, now);
  return serviceDetail(ctx, id);
}

/**
 * Only the shop's owner edits it. The caller already reached the shop (requireServiceAccess): a
 * manager of it, owner elsewhere or not, gets the manager's answer, 403.
 */
function assertOwner(user: AuthUser, service: ServiceRow): void {
  requireShopOwner(user, service);
}

export async function updateService(
  ctx: AppContext,
  user: AuthUser,
  service: ServiceRow,
  input: ServiceData,
): Promise<ServiceDetail> {
  assertOwner(user, service);
  if (input.devise !== service.devise && (await hasPricedDocuments(ctx, service.id))) {
    throw businessRule(
      `La devise de cette boutique ne peut plus changer : elle a déjà des documents chiffrés en ${service.devise} (ventes, achats, devis ou factures), dont les montants perdraient leur sens.`,
    );
  }
  const colonnes = columnsOf(input);
  // The change goes to the shop's technical events journal, in the same transaction.
  await ctx.database.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('services')
      .set({ ...colonnes, updated_at: nowIso() })
      .where('id', '=', service.id)
      .execute();
    const modifications = changements(service, colonnes);
    if (modifications)
      await jet(trx, service.id, 'parametres_boutique', `U-${user.id}`, {
        utilisateur: user.id,
        modifications,
      });
  });
  return serviceDetail(ctx, service.id);
}

export async function setServiceActive(
  ctx: AppContext,
  service: ServiceRow,
  active: boolean,
): Promise<ServiceDetail> {
  await ctx.database.db
    .updateTable('services')
    .set({ active: active ? 1 : 0, updated_at: nowIso() })
    .where('id', '=', service.id)
    .execute();
  return serviceDetail(ctx, service.id);
}

const pointLogo = async (trx: Transaction<DB>, serviceId: number, fileId: string | null) => {
  await trx
    .updateTable('services')
    .set({ logo_file_id: fileId, updated_at: nowIso() })
    .where('id', '=', serviceId)
    .execute();
};

/** The receipt logo: fitted into 512 × 512, PNG to keep transparency. */
export async function saveLogo(
  ctx: AppContext,
  user: AuthUser,
  service: ServiceRow,
  request: FastifyRequest,
): Promise<ServiceDetail> {
  assertOwner(user, service);
  await replaceImage(ctx, request, user.id, {
    label: 'Le logo',
    contentType: 'image/png',
    transform: (image) => image.resize(512, 512, { fit: 'inside', withoutEnlargement: true }).png(),
    current: service.logo_file_id,
    point: (trx, fileId) => pointLogo(trx, service.id, fileId),
  });
  return serviceDetail(ctx, service.id);
}

export async function removeLogo(
  ctx: AppContext,
  user: AuthUser,
  service: ServiceRow,
): Promise<ServiceDetail> {
  assertOwner(user, service);
  await removeImage(ctx, {
    current: service.logo_file_id,
    point: (trx, fileId) => pointLogo(trx, service.id, fileId),
  });
  return serviceDetail(ctx, service.id);
}
