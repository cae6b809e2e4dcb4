import { randomUUID } from 'node:crypto';
import type { VenteInput } from '@comptoir/shared';
import type { AppContext } from '../src/core/context.js';
import type { TestClient } from './support/http.js';

/** Helpers of the sales tests: units, sale types, products with stock, customers, carts. */
export async function referentiels(ctx: AppContext) {
  const { db } = ctx.database;
  const unite = async (nom: string) =>
    (await db.selectFrom('unites').select('id').where('nom', '=', nom).executeTakeFirstOrThrow())
      .id;
  const type = async (prix: string) =>
    (
      await db
        .selectFrom('types_ventes')
        .select('id')
        .where('prix_utilise', '=', prix)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
  return {
    piece: await unite('pièce'),
    kg: await unite('kilogramme'),
    detail: await type('detail'),
    gros: await type('gros'),
  };
}

export const cle = (): string => randomUUID();

export async function nouveauProduit(
  client: TestClient,
  auth: { token: string },
  serviceId: number,
  p: {
    nom: string;
    uniteId: number;
    prixVente: number;
    prixGros?: number;
    prixAchat?: number;
    tauxTva?: number;
    stockInitial?: number;
  },
): Promise<number> {
  const answer = await client.post(
    `/api/services/${serviceId}/produits`,
    { prixAchat: 0, tauxTva: 0, stockInitial: 0, ...p },
    auth,
  );
  if (answer.status !== 201) throw new Error(`Produit refusé : ${JSON.stringify(answer.body)}`);
  return answer.body.id as number;
}

export async function nouveauClient(
  client: TestClient,
  auth: { token: string },
  serviceId: number,
  nom: string,
  plafondCredit?: number,
): Promise<number> {
  const answer = await client.post(
    `/api/services/${serviceId}/clients`,
    { nom, confirmerDoublon: true, ...(plafondCredit !== undefined ? { plafondCredit } : {}) },
    auth,
  );
  if (answer.status !== 201) throw new Error(`Client refusé : ${JSON.stringify(answer.body)}`);
  return answer.body.id as number;
}

/** A cart with a fresh idempotency key. */
export const panier = (
  typeVenteId: number,
  lignes: VenteInput['lignes'],
  rest: Partial<VenteInput> = {},
): VenteInput => ({
  cleIdempotence: cle(),
  typeVenteId,
  lignes,
  paiements: [],
  ...rest,
});
