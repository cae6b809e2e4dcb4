import type { AppContext } from '../../src/core/context.js';
import type { TestClient } from './http.js';
import { newKey, sellingWorld } from './retours-dettes.js';

/**
 * Set-up of the purchasing tests: the selling world (tenants, tokens, products) plus suppliers,
 * drafts and validations made through the real API.
 */
export async function buyingWorld(ctx: AppContext, client: TestClient) {
  const w = await sellingWorld(ctx, client);
  let n = 0;
  type Opts = { shop?: number; token?: { token: string } };

  async function fournisseur(nom = `Fournisseur ${++n}`, o: Opts = {}) {
    const a = await client.post(
      `${w.shopUrl(o.shop)}/fournisseurs`,
      { nom },
      o.token ?? w.tokens.ownerA,
    );
    if (a.status !== 201)
      throw new Error(`Fournisseur refusé : ${a.status} ${JSON.stringify(a.body)}`);
    return a.body as { id: number; nom: string };
  }

  /** POST …/achats; the answer as it comes. */
  const postAchat = (body: Record<string, unknown>, o: Opts = {}) =>
    client.post(
      `${w.shopUrl(o.shop)}/achats`,
      { cleIdempotence: newKey(), date: '2026-06-15', ...body },
      o.token ?? w.tokens.ownerA,
    );

  /** POST …/achats/:id/validation; the answer as it comes. */
  const postValidation = (achatId: number, body: Record<string, unknown> = {}, o: Opts = {}) =>
    client.post(
      `${w.shopUrl(o.shop)}/achats/${achatId}/validation`,
      { cleIdempotence: newKey(), ...body },
      o.token ?? w.tokens.ownerA,
    );

  /** A validated purchase that must succeed. */
  async function achat(
    body: {
      fournisseurId: number;
      lignes: Array<Record<string, unknown>>;
      frais?: Record<string, number>;
      echeance?: string | null;
      date?: string;
    },
    paiements: Array<Record<string, unknown>> = [],
    o: Opts = {},
  ) {
    const draft = await postAchat(body, o);
    if (draft.status !== 201)
      throw new Error(`Brouillon refusé : ${draft.status} ${JSON.stringify(draft.body)}`);
    const v = await postValidation(draft.body.id, { paiements }, o);
    if (v.status !== 200)
      throw new Error(`Validation refusée : ${v.status} ${JSON.stringify(v.body)}`);
    return v.body;
  }

  async function produitRow(id: number) {
    const p = await ctx.database.db
      .selectFrom('produits')
      .select(['quantite', 'prix_achat'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return { quantite: Number(p.quantite), prixAchat: Number(p.prix_achat) };
  }

  async function movementsSum(id: number) {
    const rows = await ctx.database.db
      .selectFrom('mouvements_stock')
      .select('quantite')
      .where('produit_id', '=', id)
      .execute();
    return rows.reduce((a, m) => a + Number(m.quantite), 0);
  }

  return { ...w, fournisseur, postAchat, postValidation, achat, produitRow, movementsSum };
}
