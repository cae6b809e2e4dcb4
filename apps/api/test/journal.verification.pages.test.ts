import type { Updateable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../src/db/schema.js';
import { journaliser } from '../src/modules/journal/journal.append.js';
import { cloturer } from '../src/modules/journal/journal.clotures.js';
import { verifierJournal } from '../src/modules/journal/journal.verify.js';
import { TEST_DIALECT } from './support/database.js';
import { createTenants } from './support/factories.js';
import { dropInalterableTriggers } from './support/journal.js';
import { startTestServer, type TestServer } from './support/test-app.js';

/**
 * The verification reads the chain by pages, the next one asked for before the current one is
 * hashed (SQLite: raw rows through the driver; PostgreSQL: Kysely). With pages of one to five
 * entries on a chain of 24, every break — a content changed, a link changed, an entry deleted, a
 * closure's signature changed — falls on a page's first or last entry, and is named exactly as
 * with one page for the whole chain.
 */
describe(`journal : la vérification par pages (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let shop: number;
  const db = () => server.ctx.database.db;
  const TAILLES = [1, 2, 4, 5, 5000];
  const row = (sequence: number) =>
    db()
      .selectFrom('journal_entrees')
      .selectAll()
      .where('service_id', '=', shop)
      .where('sequence', '=', sequence)
      .executeTakeFirstOrThrow();
  /** What an attacker does once the triggers are dropped (and how the test puts it back). */
  const changer = (id: number, colonnes: Updateable<DB['journal_entrees']>) =>
    db().updateTable('journal_entrees').set(colonnes).where('id', '=', id).execute();
  /** The verification with each page size: all the same; that one. */
  async function verifier() {
    const [premiere, ...autres] = await Promise.all(
      TAILLES.map((taille) => verifierJournal(db(), shop, taille)),
    );
    for (const autre of autres) expect(autre).toEqual(premiere);
    return premiere!;
  }

  beforeAll(async () => {
    server = await startTestServer();
    server.clock.set('2026-06-15T09:00:00Z');
    const world = await createTenants(server.ctx);
    shop = world.shopA.id;
    // Entries 1 to 19 (invoices), 20 (a signed closure, of no sale), 21 to 24 (credit notes).
    const ajouter = (type: string, de: number, a: number) =>
      db()
        .transaction()
        .execute(async (trx) => {
          for (let n = de; n <= a; n++)
            await journaliser(trx, shop, {
              type,
              reference: `${type}-${n}`,
              contenu: { ttc: 100 * n, montant: n, nom: `Café crème n° ${n}` },
            });
        });
    await ajouter('facture', 1, 19);
    await cloturer(db(), shop, 'jour', { utilisateur: world.ownerA.id });
    await ajouter('avoir', 21, 24);
    await dropInalterableTriggers(db(), 'journal_entrees');
  });
  afterAll(() => server.close());

  it('chaîne intacte : 24 entrées valides, quelle que soit la taille des pages', async () => {
    const r = await verifier();
    expect(r).toMatchObject({ valide: true, entrees: 24, rupture: null });
    expect(r.dernierHash).toBe((await row(24)).hash);
  });

  it('un contenu modifié en début ou en fin de page est nommé', async () => {
    for (const sequence of [1, 4, 5, 6, 19, 24]) {
      const e = await row(sequence);
      await changer(e.id, {
        contenu: e.contenu.replace('"ttc":', '"ttc":1').replace('"montant":', '"montant":1'),
      });
      const r = await verifier();
      expect(r, `n° ${sequence}`).toMatchObject({
        valide: false,
        entrees: sequence - 1,
        rupture: { sequence, reference: e.reference },
      });
      expect(r.rupture!.motif).toBe(
        `L’entrée n° ${sequence} a été modifiée : son empreinte ne correspond plus à son contenu.`,
      );
      await changer(e.id, { contenu: e.contenu });
    }
    expect((await verifier()).valide).toBe(true);
  });

  it('un lien modifié, une entrée supprimée, une signature changée sont nommés', async () => {
    const onze = await row(11);
    await changer(onze.id, { hash_precedent: '1'.repeat(64) });
    let r = await verifier();
    expect(r).toMatchObject({ valide: false, entrees: 10, rupture: { sequence: 11 } });
    expect(r.rupture!.motif).toBe(
      'L’entrée n° 11 ne suit pas l’entrée précédente (empreinte précédente différente).',
    );
    await changer(onze.id, { hash_precedent: onze.hash_precedent });

    const huit = await row(8);
    await db().deleteFrom('journal_entrees').where('id', '=', huit.id).execute();
    r = await verifier();
    expect(r).toMatchObject({ valide: false, entrees: 7, rupture: { sequence: 8 } });
    expect(r.rupture!.motif).toBe('L’entrée n° 8 manque : l’entrée suivante porte le n° 9.');
    const { id: _id, ...rest } = huit;
    await db().insertInto('journal_entrees').values(rest).execute();

    const cloture = await row(20);
    expect(cloture.type).toBe('cloture_jour');
    const autre = (await row(20)).signature!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'));
    await changer(cloture.id, { signature: autre });
    r = await verifier();
    expect(r).toMatchObject({ valide: false, entrees: 19, rupture: { sequence: 20 } });
    expect(r.rupture!.motif).toBe(
      'La clôture n° 20 ne porte pas une signature valide de la clé de l’installation.',
    );
    await changer(cloture.id, { signature: cloture.signature });
    expect(await verifier()).toMatchObject({ valide: true, entrees: 24 });
  });

  it('une vente ajoutée pendant la vérification, après la dernière page lue, ne passe pas pour une entrée disparue', async () => {
    // The head is read once the pages are: three sales are appended just before that read (the
    // database seen through a proxy). The old reading took the head's 27 for missing entries.
    let ajoutees = false;
    const base = db();
    const espion = new Proxy(base, {
      get(target, prop, receiver) {
        if (prop !== 'selectFrom') {
          // Kysely's private fields: its methods run on the instance itself.
          const v = Reflect.get(target, prop, receiver) as unknown;
          return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
        }
        return (table: string) => {
          if (table !== 'journal_tetes' || ajoutees)
            return target.selectFrom(table as 'journal_tetes');
          ajoutees = true;
          return {
            select: (colonnes: ['sequence', 'hash']) => ({
              where: (a: 'service_id', op: '=', v: number) => ({
                executeTakeFirst: async () => {
                  await target.transaction().execute(async (trx) => {
                    for (let n = 25; n <= 27; n++)
                      await journaliser(trx, shop, {
                        type: 'avoir',
                        reference: `avoir-${n}`,
                        contenu: { ttc: 100 * n, montant: n, nom: `Café crème n° ${n}` },
                      });
                  });
                  return target
                    .selectFrom('journal_tetes')
                    .select(colonnes)
                    .where(a, op, v)
                    .executeTakeFirst();
                },
              }),
            }),
          };
        };
      },
    });
    const r = await verifierJournal(espion, shop, 5);
    expect(ajoutees).toBe(true);
    expect(r).toMatchObject({ valide: true, entrees: 27, rupture: null });
    expect(r.dernierHash).toBe((await row(27)).hash);
  });
});
