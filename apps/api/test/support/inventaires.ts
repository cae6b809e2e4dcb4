import type { AppContext } from '../../src/core/context.js';
import type { TestClient } from './http.js';
import { newKey, sellingWorld } from './retours-dettes.js';

/**
 * Set-up of the inventory tests: the selling world (shop A, owner, manager, sales) and calls of the
 * inventory API; products of a fractionable unit (kg) for counts with decimals.
 */
export async function inventoryWorld(ctx: AppContext, client: TestClient) {
  const w = await sellingWorld(ctx, client);
  const { db } = ctx.database;
  const kg = await db
    .selectFrom('unites')
    .select('id')
    .where('nom', '=', 'kilogramme')
    .executeTakeFirstOrThrow();
  let n = 0;
  const prix = new Map<number, number>();
  const url = (path = '', shop?: number) => `${w.shopUrl(shop)}/inventaires${path}`;
  const owner = w.tokens.ownerA;

  /** A product: `stock` thousandths on hand, cost `prixAchat`, optional category, barcode given. */
  async function produit(p: {
    stock: number;
    prixAchat: number;
    kg?: boolean;
    categorieId?: number;
    shop?: number;
    token?: { token: string };
  }) {
    const code = `INV-${++n}-${Math.random().toString(36).slice(2, 8)}`;
    const answer = await client.post(
      `${w.shopUrl(p.shop)}/produits`,
      {
        nom: `Compté ${n}`,
        uniteId: p.kg ? kg.id : w.unite.id,
        prixVente: p.prixAchat + 100,
        prixAchat: p.prixAchat,
        tauxTva: 0,
        stockInitial: p.stock,
        codeBarres: code,
        ...(p.categorieId ? { categorieId: p.categorieId } : {}),
      },
      p.token ?? owner,
    );
    if (answer.status !== 201)
      throw new Error(`Produit refusé : ${answer.status} ${JSON.stringify(answer.body)}`);
    prix.set(answer.body.id as number, p.prixAchat + 100);
    return { id: answer.body.id as number, code: answer.body.codeBarres as string };
  }

  async function categorie(shop?: number, token = owner): Promise<number> {
    const answer = await client.post(
      `${w.shopUrl(shop)}/categories`,
      { nom: `Rayon ${++n}` },
      token,
    );
    if (answer.status !== 201) throw new Error(`Catégorie refusée : ${answer.status}`);
    return answer.body.id as number;
  }

  /** Opens an inventory that must be accepted. */
  async function ouvrir(body: Record<string, unknown> = { perimetre: 'boutique' }, shop?: number) {
    const answer = await client.post(url('', shop), body, shop ? w.tokens.ownerB : owner);
    if (answer.status !== 201)
      throw new Error(`Inventaire refusé : ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body as { id: number };
  }

  const compter = (
    id: number,
    body: Record<string, unknown>,
    token: { token: string } = owner,
    shop?: number,
  ) => client.post(url(`/${id}/comptages`, shop), { cleIdempotence: newKey(), ...body }, token);
  const scan = (id: number, codeBarres: string, token = owner) =>
    compter(id, { mode: 'scan', codeBarres }, token);
  const saisie = (id: number, produitId: number, quantite: number, token = owner) =>
    compter(id, { mode: 'saisie', produitId, quantite }, token);

  /** Every line of the inventory, by product id. */
  async function lignes(id: number, etat = 'toutes') {
    const out = new Map<number, any>();
    for (let page = 1; ; page++) {
      const answer = await client.get(
        `${url(`/${id}/lignes`)}?etat=${etat}&size=200&page=${page}`,
        owner,
      );
      if (answer.status !== 200) throw new Error(`Lignes : ${answer.status}`);
      for (const l of answer.body.items) out.set(l.produitId, l);
      if (page * 200 >= answer.body.total) return out;
    }
  }

  const quantite = async (produitId: number) =>
    Number(
      (
        await db
          .selectFrom('produits')
          .select('quantite')
          .where('id', '=', produitId)
          .executeTakeFirstOrThrow()
      ).quantite,
    );
  const inventoryMovements = (id: number) =>
    db
      .selectFrom('mouvements_stock')
      .select(['produit_id', 'quantite', 'type', 'document_type'])
      .where('document_type', '=', 'inventaire')
      .where('document_id', '=', id)
      .orderBy('produit_id')
      .execute();

  /** A sale of one product (quantity in thousandths), paid in cash. */
  const vendre = (produitId: number, q: number) =>
    w.vente({
      lignes: [{ produitId, quantite: q }],
      paiements: [{ mode: 'especes', montant: Math.round((prix.get(produitId)! * q) / 1000) }],
    });

  return {
    ...w,
    url,
    produit,
    categorie,
    ouvrir,
    compter,
    scan,
    saisie,
    lignes,
    quantite,
    inventoryMovements,
    vendre,
  };
}
