import { sql, type Selectable } from 'kysely';
import type { CompteClient, DetteClientListQuery, DetteClientPage } from '@comptoir/shared';
import type { AppContext } from '../../core/context.js';
import { notFound } from '../../core/errors.js';
import type { ServicesTable } from '../../db/schema.js';
import { shopToday } from '../../db/time.js';
import { dettesOfClient, findDebtorPage, findReglements } from './dettes.repository.js';

type Service = Selectable<ServicesTable>;

export async function listDettes(
  ctx: AppContext,
  service: Service,
  query: DetteClientListQuery,
): Promise<DetteClientPage> {
  const { items, total, totaux } = await findDebtorPage(
    ctx.database.db,
    service.id,
    query,
    shopToday(service),
  );
  return { items, total, page: query.page, size: query.size, totaux };
}

export async function clientOf(ctx: AppContext, serviceId: number, clientId: number) {
  const client = await ctx.database.db
    .selectFrom('clients')
    .select(['id', 'nom', 'telephone', 'plafond_credit'])
    .where('id', '=', clientId)
    .where('service_id', '=', serviceId)
    .executeTakeFirst();
  if (!client) throw notFound('Client introuvable.');
  return client;
}

/**
 * The customer's balance: debts, overdue part, credit from returns, purchases, repayments.
 * Overdue: due before the shop's calendar day (its country's time zone).
 */
export async function compteClient(
  ctx: AppContext,
  service: Service,
  clientId: number,
): Promise<CompteClient> {
  const { db } = ctx.database;
  const serviceId = service.id;
  const client = await clientOf(ctx, serviceId, clientId);
  const dettes = await dettesOfClient(db, serviceId, clientId, shopToday(service));
  const avoir = await db
    .selectFrom('reglements')
    .select(sql<number>`coalesce(sum(disponible), 0)`.as('n'))
    .where('service_id', '=', serviceId)
    .where('client_id', '=', clientId)
    .executeTakeFirstOrThrow();
  const achats = await db
    .selectFrom('ventes')
    .select([
      sql<number>`count(*)`.as('nombre'),
      sql<number>`coalesce(sum(total_ttc - montant_retourne), 0)`.as('total'),
    ])
    .where('service_id', '=', serviceId)
    .where('client_id', '=', clientId)
    .executeTakeFirstOrThrow();
  return {
    client: {
      id: client.id,
      nom: client.nom,
      telephone: client.telephone,
      plafondCredit: client.plafond_credit === null ? null : Number(client.plafond_credit),
    },
    encours: dettes.reduce((a, d) => a + d.reste, 0),
    enRetard: dettes.filter((d) => d.statut === 'en_retard').reduce((a, d) => a + d.reste, 0),
    avoir: Number(avoir.n),
    nombreVentes: Number(achats.nombre),
    totalAchats: Number(achats.total),
    dettes,
    reglements: await findReglements(db, serviceId, { clientId }),
  };
}
