import { randomUUID } from 'node:crypto';
import { addDays, localDate, shopTimeZone } from '@comptoir/shared';
import type { AppContext } from '../../src/core/context.js';
import { systemClock, type Clock } from '../../src/db/time.js';
import { createTenants, login } from './factories.js';
import type { TestClient } from './http.js';

/**
 * Shared set-up of the returns, debts and property tests: the matrix world, tokens, and small
 * calls that go through the real API (products with opening stock, customers, sales).
 */
export type Who = 'admin' | 'ownerA' | 'managerA' | 'ownerB';

export const newKey = (): string => randomUUID();

export async function sellingWorld(ctx: AppContext, client: TestClient) {
  const world = await createTenants(ctx);
  const tokens = {} as Record<Who, { token: string }>;
  for (const name of ['admin', 'ownerA', 'managerA', 'ownerB'] as const)
    tokens[name] = { token: (await login(client, world[name].email)).token };
  const unite = await ctx.database.db
    .selectFrom('unites')
    .select('id')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const typeVente = await ctx.database.db
    .selectFrom('types_ventes')
    .select('id')
    .where('prix_utilise', '=', 'detail')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  let n = 0;
  const shopUrl = (shop = world.shopA.id) => `/api/services/${shop}`;

  /** A product of the shop with `stock` thousandths on hand (an opening movement). */
  async function produit(options: {
    prix: number;
    stock: number;
    tauxTva?: number;
    categorieId?: number;
    shop?: number;
    token?: { token: string };
    nom?: string;
  }) {
    const answer = await client.post(
      `${shopUrl(options.shop)}/produits`,
      {
        nom: options.nom ?? `Article ${++n}`,
        uniteId: unite.id,
        prixVente: options.prix,
        prixAchat: Math.floor(options.prix / 2),
        tauxTva: options.tauxTva ?? 0,
        stockInitial: options.stock,
        categorieId: options.categorieId ?? null,
      },
      options.token ?? tokens.ownerA,
    );
    if (answer.status !== 201)
      throw new Error(`Produit refusé : ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body as { id: number; nom: string; prixAchat: number };
  }

  async function clientNamed(
    nom: string,
    options: { shop?: number; token?: { token: string }; plafondCredit?: number } = {},
  ) {
    const answer = await client.post(
      `${shopUrl(options.shop)}/clients`,
      { nom, plafondCredit: options.plafondCredit ?? null },
      options.token ?? tokens.ownerA,
    );
    if (answer.status !== 201)
      throw new Error(`Client refusé : ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body as { id: number; nom: string };
  }

  /** POST …/ventes; the answer as it comes (status checked by the caller). */
  const postVente = (
    body: Record<string, unknown>,
    options: { shop?: number; token?: { token: string } } = {},
  ) =>
    client.post(
      `${shopUrl(options.shop)}/ventes`,
      { cleIdempotence: newKey(), typeVenteId: typeVente.id, ...body },
      options.token ?? tokens.ownerA,
    );

  /** A sale that must succeed: lines [produitId, quantite], payments, optional customer and due date. */
  async function vente(
    body: {
      lignes: Array<{ produitId: number; quantite: number; remise?: unknown }>;
      paiements?: Array<{ mode: string; montant: number; operateur?: string }>;
      clientId?: number | null;
      echeance?: string | null;
      remiseGlobale?: unknown;
      /** The customer's available credit used (issue 15). */
      avoir?: number;
    },
    options: { shop?: number; token?: { token: string } } = {},
  ) {
    const answer = await postVente(body, options);
    if (answer.status !== 201)
      throw new Error(`Vente refusée : ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  }

  return { world, tokens, unite, typeVente, shopUrl, produit, clientNamed, postVente, vente };
}

/** 'YYYY-MM-DD' on the test shops' calendar (Abidjan, services.pays 'CI'), `offset` days from today. */
export function localDay(offset = 0, clock: Clock = systemClock): string {
  return addDays(localDate(clock.now(), shopTimeZone('CI')), offset);
}
