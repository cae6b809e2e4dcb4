import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENESE, hashEntree } from '../src/modules/journal/journal.append.js';
import { TEST_DIALECT } from './support/database.js';
import { login } from './support/factories.js';
import { dropInalterableTriggers, refusal, runVerifyJournal } from './support/journal.js';
import { sellingWorld } from './support/retours-dettes.js';
import { startTestServer, type TestServer } from './support/test-app.js';

interface Evenement {
  sequence: number;
  type: string;
  reference: string;
  horodatage: string;
  contenu: string;
  hash_precedent: string;
  hash: string;
}

/**
 * The technical events journal, JET (docs/regles-metier.md « Journal des événements
 * techniques »): each event — sign-in, price and settings change, exports, archive, failed
 * verification, the clock going back — is one entry of the shop's second chain, written with the
 * event; the chain is hashed like the journal, refused to UPDATE and DELETE, verified with it (page
 * and `npm run verify-journal`) and archived with it.
 */
describe(`journal des événements techniques (JET) (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let w: Awaited<ReturnType<typeof sellingWorld>>;
  const db = () => server.ctx.database.db;
  const evenements = async (): Promise<Evenement[]> =>
    (
      await db()
        .selectFrom('jet_entrees')
        .select([
          'sequence',
          'type',
          'reference',
          'horodatage',
          'contenu',
          'hash_precedent',
          'hash',
        ])
        .where('service_id', '=', w.world.shopA.id)
        .orderBy('sequence')
        .execute()
    ).map((e) => ({ ...e, sequence: Number(e.sequence) }));
  const dernier = async (type: string) => {
    const e = (await evenements()).filter((x) => x.type === type).at(-1);
    expect(e, type).toBeDefined();
    return { ...e!, contenu: JSON.parse(e!.contenu) as Record<string, unknown> };
  };
  const get = (url: string) => server.client().get(`${w.shopUrl()}${url}`, w.tokens.ownerA);

  beforeAll(async () => {
    server = await startTestServer();
    server.clock.set('2026-06-15T09:00:00Z');
    w = await sellingWorld(server.ctx, server.client());
  });
  afterAll(() => server.close());

  it('connexions, prix, paramètres, exports, archive : une entrée chacun, chaînée, dans l’ordre', async () => {
    const client = server.client();
    // sellingWorld signed in the owner and the manager of shop A: one entry each.
    const connexions = (await evenements()).filter((e) => e.type === 'connexion');
    expect(connexions.map((e) => e.reference).sort()).toEqual(
      [`U-${w.world.ownerA.id}`, `U-${w.world.managerA.id}`].sort(),
    );
    const p = await w.produit({ prix: 1000, stock: 10_000 });
    const produit = (await get(`/produits/${p.id}`)).body;
    const put = await client.put(
      `${w.shopUrl()}/produits/${p.id}`,
      { ...produit, uniteId: produit.unite.id, prixVente: 1250 },
      w.tokens.managerA,
    );
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect((await dernier('prix')).contenu).toMatchObject({
      produit: p.id,
      modifications: { prixVente: { avant: 1000, apres: 1250 } },
    });
    // Saving a product without a price change writes nothing.
    const avant = (await evenements()).length;
    await client.put(
      `${w.shopUrl()}/produits/${p.id}`,
      { ...produit, uniteId: produit.unite.id, prixVente: 1250, nom: 'Autre nom' },
      w.tokens.managerA,
    );
    expect(await evenements()).toHaveLength(avant);

    const boutique = (await client.get(w.shopUrl(), w.tokens.ownerA)).body;
    const enregistre = await client.put(
      w.shopUrl(),
      { ...boutique, telephone: '+225 07 00 00 00 01' },
      w.tokens.ownerA,
    );
    expect(enregistre.status, JSON.stringify(enregistre.body)).toBe(200);
    expect((await dernier('parametres_boutique')).contenu).toMatchObject({
      utilisateur: w.world.ownerA.id,
      modifications: { telephone: { apres: '+225 07 00 00 00 01' } },
    });

    await w.vente({
      lignes: [{ produitId: p.id, quantite: 1000 }],
      paiements: [{ mode: 'especes', montant: 1250 }],
    });
    const fec = await get('/journal/fec?du=2026-06-01&au=2026-06-30');
    expect(fec.status).toBe(200);
    expect((await dernier('export_fec')).contenu).toMatchObject({
      utilisateur: w.world.ownerA.id,
      du: '2026-06-01',
      au: '2026-06-30',
      ecritures: 1,
    });

    const mois = await client.post(
      `${w.shopUrl()}/journal/clotures`,
      { periode: 'mois' },
      w.tokens.ownerA,
    );
    expect(mois.status).toBe(201);
    const [archive] = (await get('/journal/archives')).body as Array<{ id: number; nom: string }>;
    expect((await dernier('archive')).reference).toBe(archive!.nom);
    const zip = await get(`/journal/archives/${archive!.id}/zip`);
    expect(zip.status).toBe(200);
    expect((await dernier('export_archive')).contenu).toMatchObject({ archive: archive!.id });

    // The archive holds the JET up to the closure, a chain checked here by its own hashes.
    const dir = mkdtempSync(path.join(tmpdir(), 'archive-jet-'));
    writeFileSync(path.join(dir, 'a.zip'), zip.body as Buffer);
    execFileSync('unzip', ['-q', 'a.zip'], { cwd: dir });
    const lignes = readFileSync(path.join(dir, 'jet.txt'), 'utf8').trimEnd().split('\n');
    const types = lignes.map((l) => (JSON.parse(l) as { type: string }).type);
    expect(types).toEqual(['connexion', 'connexion', 'prix', 'parametres_boutique', 'export_fec']);
    const empreintes = readFileSync(path.join(dir, 'jet-empreintes.txt'), 'utf8')
      .trimEnd()
      .split('\n');
    expect(empreintes[0]!.split(' ')[1]).toBe(GENESE);

    // The whole chain: 1, 2, 3… each hash over the previous one and the canonical line.
    let precedent = GENESE;
    for (const [i, e] of (await evenements()).entries()) {
      expect(e.sequence).toBe(i + 1);
      expect(e.hash_precedent).toBe(precedent);
      expect(hashEntree(precedent, { ...e, service_id: w.world.shopA.id })).toBe(e.hash);
      precedent = e.hash;
    }
    const verification = (await get('/journal/verification')).body;
    expect(verification).toMatchObject({ valide: true, rupture: null, jet: { valide: true } });
    expect(verification.jet.entrees).toBe((await evenements()).length);
  });

  it('l’horloge du serveur qui recule : une anomalie d’horloge dans le JET, avec la vente', async () => {
    const p = await w.produit({ prix: 700, stock: 10_000 });
    server.clock.set('2026-06-15T07:00:00Z');
    w.tokens.ownerA.token = (await login(server.client(), w.world.ownerA.email)).token;
    const anomalie = await dernier('anomalie_horloge');
    expect(anomalie.contenu).toMatchObject({ chaine: 'jet' });
    expect(anomalie.contenu['horloge']).toMatch(/^2026-06-15T07:00/);
    expect(Number(anomalie.contenu['reculSecondes'])).toBeGreaterThanOrEqual(2 * 3600);
    const avant = (await evenements()).length;
    // The clock back again, under the sales journal: the sale and its anomaly.
    server.clock.set('2026-06-15T05:00:00Z');
    await w.vente({
      lignes: [{ produitId: p.id, quantite: 1000 }],
      paiements: [{ mode: 'especes', montant: 700 }],
    });
    const apres = (await evenements()).slice(avant);
    expect(apres.map((e) => e.type)).toEqual(['anomalie_horloge']);
    const contenu = JSON.parse(apres[0]!.contenu) as Record<string, unknown>;
    expect(contenu).toMatchObject({ chaine: 'journal' });
    expect(contenu['horloge']).toMatch(/^2026-06-15T05:00/);
    // The journal's last append was the month's closure, around 9 o'clock.
    expect(Number(contenu['reculSecondes'])).toBeGreaterThanOrEqual(4 * 3600 - 60);
    // Time going on normally: no anomaly.
    server.clock.set('2026-06-15T05:10:00Z');
    await w.vente({
      lignes: [{ produitId: p.id, quantite: 1000 }],
      paiements: [{ mode: 'especes', montant: 700 }],
    });
    expect(await evenements()).toHaveLength(avant + 1);
  });

  it('le propriétaire lit le JET par pages, les plus récents d’abord ; le gérant non', async () => {
    const tous = await evenements();
    const page = (await get('/journal/jet?page=2&size=3')).body;
    expect(page.total).toBe(tous.length);
    expect(page.items.map((e: { sequence: number }) => e.sequence)).toEqual([
      tous.length - 3,
      tous.length - 4,
      tous.length - 5,
    ]);
    expect(
      (await server.client().get(`${w.shopUrl()}/journal/jet`, w.tokens.managerA)).status,
    ).toBe(403);
    expect((await get('/journal/jet?size=500')).status).toBe(400);
  });

  it('une entrée du JET modifiée en SQL brut : refusée, puis, déclencheurs supprimés, nommée par la vérification', async () => {
    const cible = (await evenements()).find((e) => e.type === 'prix')!;
    expect(
      await refusal(
        db(),
        `update jet_entrees set contenu = '{}' where sequence = ${cible.sequence}`,
      ),
    ).toMatch(/inaltérable/);
    expect(
      await refusal(db(), `delete from jet_entrees where sequence = ${cible.sequence}`),
    ).toMatch(/inaltérable/);
    await dropInalterableTriggers(db(), 'jet_entrees');
    const falsifie = cible.contenu.replace('1250', '1150');
    expect(falsifie).not.toBe(cible.contenu);
    await sql`update jet_entrees set contenu = ${falsifie} where service_id = ${w.world.shopA.id} and sequence = ${cible.sequence}`.execute(
      db(),
    );
    const nombre = (await evenements()).length;
    const r = (await get('/journal/verification')).body;
    expect(r.valide).toBe(false);
    expect(r.jet.valide).toBe(false);
    expect(r.rupture).toMatchObject({ sequence: cible.sequence, type: 'prix' });
    expect(r.rupture.motif).toBe(
      `Journal des événements techniques\u00A0: L’entrée n° ${cible.sequence} a été modifiée : son empreinte ne correspond plus à son contenu.`,
    );
    // The failed verification is itself an event of the JET.
    const echec = await dernier('verification_echec');
    expect(echec.sequence).toBe(nombre + 1);
    expect(echec.contenu).toMatchObject({ rupture: { sequence: cible.sequence } });

    const cli = await runVerifyJournal(server.ctx.config.database);
    expect(cli.code, cli.out).toBe(1);
    expect(cli.out).toContain(`L’entrée n° ${cible.sequence} a été modifiée`);
  });
});
