import fc from 'fast-check';
import type { AppContext } from '../../src/core/context.js';
import {
  createPlan,
  createService,
  createUser,
  login,
  subscribe,
  addMember,
} from '../support/factories.js';
import type { TestClient } from '../support/http.js';
import { fileForm, redPng } from '../support/images.js';
import { sellingWorld } from '../support/retours-dettes.js';
import { integerIn } from './generator.js';

/**
 * The shop the fuzzer works in, built through the real API: owner A's shop with a category, a
 * brand, products (one with a barcode and an image), a customer in debt, a supplier, a sale and
 * a return; shop B of owner B with the same kinds of items (ids of another tenant, for mutated
 * paths); a spare manager, owner, plan and subscription for the routes that disable things.
 */
export type Actor = 'admin' | 'ownerA' | 'managerA' | 'ownerB' | 'anonyme';

export interface FuzzWorld {
  tokens: Record<Exclude<Actor, 'anonyme'>, string>;
  /** Real ids by path parameter or body field name, in owner A's shop or on the platform. */
  ids: Record<string, Array<number | string>>;
  /** Ids of the same kinds in shop B (another tenant). */
  foreign: Record<string, Array<number | string>>;
  emails: string[];
  refreshToken: string;
}

export async function buildWorld(ctx: AppContext, client: TestClient): Promise<FuzzWorld> {
  const w = await sellingWorld(ctx, client);
  const { world } = w;
  const A = { token: w.tokens.ownerA.token };
  const B = { token: w.tokens.ownerB.token };
  const post = async (url: string, body: unknown, who = A) => {
    const answer = await client.post(url, body, { token: who.token });
    if (answer.status >= 300)
      throw new Error(`${url} : ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body as { id: number };
  };
  const shop = (id: number) => `/api/services/${id}`;

  async function tenant(shopId: number, who: { token: string }) {
    const categorie = await post(`${shop(shopId)}/categories`, { nom: `Épicerie ${shopId}` }, who);
    const marque = await post(`${shop(shopId)}/marques`, { nom: `Marque ${shopId}` }, who);
    const fournisseur = await post(
      `${shop(shopId)}/fournisseurs`,
      { nom: `Grossiste ${shopId}` },
      who,
    );
    const code = `200000${shopId}0000${shopId}`.slice(0, 13);
    const produit = await post(
      `${shop(shopId)}/produits`,
      {
        nom: `Riz parfumé ${shopId}`,
        uniteId: w.unite.id,
        prixVente: 1500,
        prixAchat: 1000,
        stockInitial: 1_000_000,
        codeBarres: code,
        categorieId: categorie.id,
        marqueId: marque.id,
      },
      who,
    );
    const autre = await w.produit({ prix: 250, stock: 500_000, shop: shopId, token: who });
    const cli = await w.clientNamed(`Awa Diop ${shopId}`, {
      shop: shopId,
      token: who,
      plafondCredit: 10_000_000,
    });
    const vente = await w.vente(
      {
        lignes: [
          { produitId: produit.id, quantite: 3000 },
          { produitId: autre.id, quantite: 2000 },
        ],
        paiements: [{ mode: 'especes', montant: 1000 }],
        clientId: cli.id,
        echeance: '2999-12-31',
      },
      { shop: shopId, token: who },
    );
    // Items nothing refers to, that the DELETE routes can remove.
    const spare = {
      categorie: await post(`${shop(shopId)}/categories`, { nom: `Vide ${shopId}` }, who),
      marque: await post(`${shop(shopId)}/marques`, { nom: `Inutilisée ${shopId}` }, who),
      fournisseur: await post(`${shop(shopId)}/fournisseurs`, { nom: `Ancien ${shopId}` }, who),
      produit: await w.produit({ prix: 10, stock: 0, shop: shopId, token: who }),
      client: await w.clientNamed(`Passant ${shopId}`, { shop: shopId, token: who }),
    };
    const retour = await post(
      `${shop(shopId)}/ventes/${vente.id}/retours`,
      {
        cleIdempotence: `retour-monde-${shopId}`,
        lignes: [{ ligneId: vente.lignes[1].id, quantite: 1000 }],
        mode: 'avoir',
      },
      who,
    );
    const inventaire = await post(`${shop(shopId)}/inventaires`, { perimetre: 'boutique' }, who);
    return {
      inventaireId: [inventaire.id],
      categorieId: [categorie.id, spare.categorie.id],
      marqueId: [marque.id, spare.marque.id],
      fournisseurId: [fournisseur.id, spare.fournisseur.id],
      produitId: [produit.id, autre.id, spare.produit.id],
      code: [code],
      clientId: [cli.id, spare.client.id],
      venteId: [vente.id],
      ligneId: vente.lignes.map((l: { id: number }) => l.id),
      detteId: [vente.dette.id],
      retourId: [retour.id],
    };
  }

  const ids: FuzzWorld['ids'] = await tenant(world.shopA.id, A);
  const foreign: FuzzWorld['foreign'] = await tenant(world.shopB.id, B);
  const image = await client.request(
    'POST',
    `${shop(world.shopA.id)}/produits/${ids['produitId']![0]}/image`,
    {
      token: A.token,
      form: fileForm(await redPng(), 'image/png'),
    },
  );
  if (image.status !== 200) throw new Error(`Image refusée : ${image.status}`);
  const files = await ctx.database.db.selectFrom('files').select('id').execute();

  // Spare people and plans, for the routes that disable or delete them.
  const ownerC = await createUser(ctx, { roles: ['ROLE_PROPRIETAIRE'] });
  const shopC = await createService(ctx, ownerC.id);
  const abonnementC = await subscribe(ctx, ownerC.id);
  const managerC = await createUser(ctx, { roles: ['ROLE_GERANT'] });
  await addMember(ctx, world.shopA.id, managerC.id);
  const plan = await createPlan(ctx, { nom: 'Formule du fuzzeur' });
  const unites = await ctx.database.db.selectFrom('unites').select('id').execute();
  const types = await ctx.database.db.selectFrom('types_ventes').select('id').execute();

  Object.assign(ids, {
    serviceId: [world.shopA.id],
    'services[]': [world.shopA.id, shopC.id],
    userId: [managerC.id],
    vendeurId: [world.ownerA.id, world.managerA.id],
    ownerId: [ownerC.id, world.ownerA.id],
    planId: [plan.id],
    abonnementId: [abonnementC.id],
    uniteId: unites.map((u) => u.id),
    typeVenteId: types.map((t) => t.id),
    fileId: files.map((f) => f.id),
  });
  Object.assign(foreign, {
    serviceId: [world.shopB.id, shopC.id],
    userId: [world.managerB.id, world.admin.id],
  });
  const refresh = await login(client, world.ownerB.email);
  return {
    tokens: {
      admin: w.tokens.admin.token,
      ownerA: w.tokens.ownerA.token,
      managerA: w.tokens.managerA.token,
      ownerB: w.tokens.ownerB.token,
    },
    ids,
    foreign,
    emails: [world.ownerA.email, world.managerA.email, world.ownerB.email, ownerC.email],
    refreshToken: refresh.refreshToken,
  };
}

/** Values worth trying for a field, by name: real ids, small quantities and amounts, keys. */
export function hints(world: FuzzWorld): (name: string) => fc.Arbitrary<unknown> | undefined {
  return (name) => {
    const known = world.ids[name];
    if (known?.length) return fc.constantFrom(...known);
    switch (name) {
      case 'quantite':
        return fc.oneof(
          { weight: 9, arbitrary: fc.constantFrom(1000, 2000, 3000, 500) },
          { weight: 1, arbitrary: fc.constant(1_000_000_000) },
        );
      case 'montant':
      case 'montantPaye':
        return integerIn(1, 50_000);
      case 'valeur':
        // A discount: at most 100 % (10 000 basis points), or an amount under a line's total.
        return integerIn(0, 10_000);
      case 'recu':
      case 'remise':
      case 'remiseGlobale':
        return fc.constant(null);
      case 'paiements':
        return fc.oneof(
          fc.constant([]),
          integerIn(1, 5000).map((montant) => [{ mode: 'especes', montant }]),
        );
      case 'cleIdempotence':
        // A fresh key, or one used again (the replay must answer the first document or 409).
        return fc.oneof(fc.uuid(), fc.constant('cle-rejouee-par-le-fuzzeur'));
      case 'email':
        return fc.oneof(
          fc.constantFrom(...world.emails),
          fc.emailAddress().filter((e) => e.length < 200),
        );
      case 'password':
        return fc.constant('Un-mot-de-passe-solide-42');
      case 'refreshToken':
        return fc.constant(world.refreshToken);
      case 'key':
        return fc.stringMatching(/^[a-f0-9]{32}$/);
      default:
        return undefined;
    }
  };
}
