import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { createTenants, login } from './factories.js';
import type { Answer, TestClient } from './http.js';
import type { TestServer } from './test-app.js';

export type Acteur = 'ownerA' | 'managerA' | 'ownerB';

/**
 * The expenses tests' world: shop A (owner and manager) and shop B, in XOF in Côte d'Ivoire (the
 * shop's day is the UTC day), with helpers to call the expenses API as one of them.
 */
export async function depensesWorld(server: TestServer, client: TestClient) {
  const world = await createTenants(server.ctx);
  const tokens = {} as Record<Acteur, string>;
  for (const who of ['ownerA', 'managerA', 'ownerB'] as const)
    tokens[who] = (await login(client, world[who].email)).token;
  const shopOf = (who: Acteur) => (who === 'ownerB' ? world.shopB.id : world.shopA.id);
  const url = (who: Acteur, path: string) => `/api/services/${shopOf(who)}/${path}`;
  const call = (who: Acteur, method: string, path: string, body?: unknown): Promise<Answer> =>
    client.request(method, url(who, path), {
      token: tokens[who],
      ...(body !== undefined ? { body } : {}),
    });
  const ok = async (answer: Promise<Answer>) => {
    const a = await answer;
    expect(a.status, JSON.stringify(a.body)).toBeLessThan(300);
    return a.body;
  };
  const categories = async (who: Acteur = 'ownerA') =>
    (await ok(call(who, 'GET', 'categories-depenses'))) as Array<{ id: number; nom: string }>;
  const categorie = async (nom: string, who: Acteur = 'ownerA') => {
    const found = (await categories(who)).find((c) => c.nom === nom);
    expect(found, `catégorie ${nom}`).toBeDefined();
    return found!.id;
  };
  /** Records an expense as `who` (shop A by default), answer body. */
  const depense = async (
    fields: Partial<{
      categorieId: number;
      libelle: string;
      montant: number;
      date: string;
      mode: string;
    }> = {},
    who: Acteur = 'ownerA',
  ) =>
    ok(
      call(who, 'POST', 'depenses', {
        cleIdempotence: randomUUID(),
        categorieId: fields.categorieId ?? (await categorie('Autre', who)),
        libelle: 'Dépense',
        montant: 1000,
        date: '2026-06-01',
        mode: 'especes',
        ...fields,
      }),
    );
  return { world, tokens, url, call, ok, categories, categorie, depense };
}
