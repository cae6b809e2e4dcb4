import type { AppContext } from '../../src/core/context.js';
import type { TestClient } from './http.js';
import { newKey, sellingWorld } from './retours-dettes.js';

/**
 * Set-up of the register tests: the selling world (shop A, owner, manager, products, sales) and
 * calls of the registers API that must succeed (the status of the others is the test's business).
 */
export async function caisseWorld(ctx: AppContext, client: TestClient) {
  const w = await sellingWorld(ctx, client);
  const owner = w.tokens.ownerA;
  const caissesUrl = (shop = w.world.shopA.id) => `${w.shopUrl(shop)}/caisses`;
  const sessionUrl = (id: number, path = '', shop = w.world.shopA.id) =>
    `${w.shopUrl(shop)}/caisse-sessions/${id}${path}`;

  async function must<T = any>(promise: Promise<{ status: number; body: any }>, status: number) {
    const answer = await promise;
    if (answer.status !== status)
      throw new Error(`Attendu ${status}, reçu ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body as T;
  }

  /** The shop's registers (« Caisse 1 » first). */
  const caisses = (shop?: number, token = owner) =>
    must<Array<{ id: number; nom: string; session: { id: number } | null }>>(
      client.request('GET', caissesUrl(shop), { token: token.token }),
      200,
    );

  /** A new register of shop A (owner). */
  const nouvelleCaisse = (nom: string, shop?: number) =>
    must<{ id: number; nom: string }>(client.post(caissesUrl(shop), { nom }, owner), 201);

  /** Opens a session on the register with this float; returns the session detail. */
  const ouvrir = (caisseId: number, fond: number, token = w.tokens.managerA, shop?: number) =>
    must(client.post(`${caissesUrl(shop)}/${caisseId}/sessions`, { fond }, token), 201);

  const session = (id: number, shop?: number) =>
    must(client.request('GET', sessionUrl(id, '', shop), { token: owner.token }), 200);

  const mouvement = (
    sessionId: number,
    body: { type: string; montant: number; motif: string; categorieId?: number },
    token = w.tokens.managerA,
  ) =>
    client.post(sessionUrl(sessionId, '/mouvements'), { cleIdempotence: newKey(), ...body }, token);

  const cloturer = (sessionId: number, body: Record<string, unknown>, token = w.tokens.managerA) =>
    client.post(sessionUrl(sessionId, '/cloture'), body, token);

  /** A cash refund of `quantite` of the sale's first line, paid out of `caisseId` (manager). */
  const retourEspeces = (
    vente: { id: number; lignes: Array<{ id: number }> },
    quantite: number,
    caisseId: number,
  ) =>
    client.post(
      `${w.shopUrl()}/ventes/${vente.id}/retours`,
      {
        cleIdempotence: newKey(),
        lignes: [{ ligneId: vente.lignes[0]!.id, quantite }],
        mode: 'remboursement',
        modeRemboursement: 'especes',
        caisseId,
      },
      w.tokens.managerA,
    );

  /** A cash repayment of the customer's debts, received on `caisseId` (owner). */
  const reglementEspeces = (clientId: number, montant: number, caisseId: number) =>
    client.post(
      `${w.shopUrl()}/clients/${clientId}/reglements`,
      { cleIdempotence: newKey(), montant, mode: 'especes', caisseId },
      owner,
    );

  /** A product's stock, in thousandths. */
  const stockOf = async (produitId: number) =>
    Number(
      (
        await ctx.database.db
          .selectFrom('produits')
          .select('quantite')
          .where('id', '=', produitId)
          .executeTakeFirstOrThrow()
      ).quantite,
    );

  /** A register of shop A with an open session; returns both ids. */
  async function caisseOuverte(fond = 0) {
    const caisse = await nouvelleCaisse(`Caisse ${newKey().slice(0, 8)}`);
    const s = await ouvrir(caisse.id, fond);
    return { caisseId: caisse.id, sessionId: s.id as number };
  }

  /** Number of rows of a table: what a refused document must leave unchanged. */
  const count = async (
    table: 'ventes' | 'retours' | 'reglements' | 'caisse_mouvements' | 'depenses',
  ) =>
    Number(
      (
        await ctx.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  return {
    ...w,
    caissesUrl,
    sessionUrl,
    must,
    caisses,
    nouvelleCaisse,
    ouvrir,
    session,
    mouvement,
    cloturer,
    caisseOuverte,
    retourEspeces,
    reglementEspeces,
    stockOf,
    count,
  };
}
