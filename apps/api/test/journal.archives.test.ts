import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloturesAutomatiques } from '../src/modules/journal/journal.housekeeping.js';
import { deballer as deballerArchive, run, verifierCommeLisezmoi } from './support/archives.js';
import { TEST_DIALECT } from './support/database.js';
import { login } from './support/factories.js';
import { refusal } from './support/journal.js';
import { sellingWorld } from './support/retours-dettes.js';
import { startTestServer, type TestServer } from './support/test-app.js';

/**
 * Archives of the journal (docs/regles-metier.md « Archives du journal »): a month closure
 * builds a signed zip, checked here independently of the server's code — unzipped by `unzip`,
 * the manifest's and closures' Ed25519 signatures by `openssl pkeyutl -verify -rawin`, the files
 * by `sha256sum -c`, the chain by sha256sum —; one changed byte fails the check.
 */
describe(`journal : archives signées, vérifiées avec openssl (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let w: Awaited<ReturnType<typeof sellingWorld>>;
  let produit: { id: number };
  const archives = async () =>
    (await server.client().get(`${w.shopUrl()}/journal/archives`, w.tokens.ownerA)).body as Array<
      Record<string, unknown> & { id: number; sha256: string; reference: string }
    >;
  const deballer = (id: number) => deballerArchive(server, w.shopUrl(), id, w.tokens.ownerA);
  const aller = async (instant: string) => {
    server.clock.set(instant);
    w.tokens.ownerA.token = (await login(server.client(), w.world.ownerA.email)).token;
  };

  beforeAll(async () => {
    server = await startTestServer();
    server.clock.set('2026-06-15T09:00:00Z');
    w = await sellingWorld(server.ctx, server.client());
    produit = await w.produit({ prix: 1500, stock: 100_000 });
    for (const montant of [1500, 3000])
      await w.vente({
        lignes: [{ produitId: produit.id, quantite: (montant / 1500) * 1000 }],
        paiements: [{ mode: 'especes', montant }],
      });
  });
  afterAll(() => server.close());

  it('la clôture du mois crée une archive que sha256sum et openssl vérifient', async () => {
    const client = server.client();
    expect(await archives()).toEqual([]);
    // A day closure makes no archive; the month's closure does.
    const jour = await client.post(
      `${w.shopUrl()}/journal/clotures`,
      { periode: 'jour' },
      w.tokens.ownerA,
    );
    expect(jour.status).toBe(201);
    expect(await archives()).toEqual([]);
    const mois = await client.post(
      `${w.shopUrl()}/journal/clotures`,
      { periode: 'mois' },
      w.tokens.ownerA,
    );
    expect(mois.status).toBe(201);
    const [archive, ...autres] = await archives();
    expect(autres).toEqual([]);
    expect(archive).toMatchObject({
      clotureSequence: mois.body.sequence,
      periode: 'mois',
      reference: 'CM-2026-000001',
      nom: `journal-${w.world.shopA.id}-CM-2026-000001.zip`,
      conserverJusquAu: '2032-06-15',
    });
    expect((await client.get(`${w.shopUrl()}/journal/archives`, w.tokens.managerA)).status).toBe(
      403,
    );

    const dir = await deballer(archive!.id);
    const zip = readFileSync(path.join(dir, 'archive.zip'));
    expect(zip.length).toBe(archive!.taille);
    expect(createHash('sha256').update(zip).digest('hex')).toBe(archive!.sha256);
    expect(readdirSync(path.join(dir, 'signatures')).sort()).toEqual(
      [`${jour.body.sequence}.sig`, `${mois.body.sequence}.sig`].sort(),
    );
    const cle = await client.get(`${w.shopUrl()}/journal/cle`, w.tokens.ownerA);
    expect(readFileSync(path.join(dir, 'cle-publique.pem'), 'utf8')).toBe(cle.body.clePublique);

    // Every entry since the shop began (no month closed before): two sales, two closures.
    const lignes = readFileSync(path.join(dir, 'journal.txt'), 'utf8').trimEnd().split('\n');
    const empreintes = readFileSync(path.join(dir, 'empreintes.txt'), 'utf8').trimEnd().split('\n');
    expect(lignes.map((l) => JSON.parse(l).type)).toEqual([
      'vente',
      'vente',
      'cloture_jour',
      'cloture_mois',
    ]);
    expect(empreintes.map((e) => Number(e.split(' ')[0]))).toEqual([1, 2, 3, 4]);
    expect(empreintes[0]!.split(' ')[1]).toBe('0'.repeat(64));

    // An auditor's check, with the LISEZMOI's own commands.
    const audit = await verifierCommeLisezmoi(dir);
    expect(audit.code, audit.out).toBe(0);
    expect(audit.out.match(/Signature Verified Successfully/g)).toHaveLength(3);
    const manifeste = readFileSync(path.join(dir, 'manifeste.txt'), 'utf8').trimEnd().split('\n');
    expect(manifeste).toHaveLength(8);
    expect(audit.out.match(/: OK$/gm)).toHaveLength(8);
    expect(audit.out).not.toMatch(/rupture|modifiée|FAILED|Failure/);
  });

  it('un octet changé dans l’archive fait échouer la vérification', async () => {
    const [archive] = await archives();
    const propre = await deballer(archive!.id);
    const copie = (nom: string, changer: (octets: Buffer) => void) => {
      const dir = mkdtempSync(path.join(tmpdir(), 'archive-alteree-'));
      cpSync(propre, dir, { recursive: true });
      const octets = readFileSync(path.join(dir, nom));
      changer(octets);
      writeFileSync(path.join(dir, nom), octets);
      return dir;
    };
    // A sale's amount: sha256sum names the file, the chain names the entry.
    const journal = copie('journal.txt', (o) => {
      const at = o.indexOf('3000');
      expect(at).toBeGreaterThan(0);
      o[at] = '4'.charCodeAt(0);
    });
    const audit = await verifierCommeLisezmoi(journal);
    expect(audit.out).toContain('journal.txt: FAILED');
    expect(audit.out).toContain('entrée 2 modifiée');
    // The manifest rewritten to match: its signature no longer holds.
    const manifeste = copie('manifeste.txt', (o) => (o[0] = o[0] === 0x61 ? 0x62 : 0x61));
    const signature = await run(
      'openssl',
      [
        'pkeyutl',
        '-verify',
        '-pubin',
        '-inkey',
        'cle-publique.pem',
        '-rawin',
        '-in',
        'manifeste.txt',
        '-sigfile',
        'manifeste.sig',
      ],
      manifeste,
    );
    expect(signature.out).toContain('Signature Verification Failure');
    expect(signature.code).not.toBe(0);
    // A closure's signature: openssl refuses it.
    const sig = readdirSync(path.join(propre, 'signatures'))[0]!;
    const cloture = copie(`signatures/${sig}`, (o) => (o[10] = o[10]! ^ 0x01));
    const closures = await verifierCommeLisezmoi(cloture);
    expect(closures.out).toContain('Signature Verification Failure');
    expect(closures.out.match(/Signature Verified Successfully/g)).toHaveLength(2);
  });

  it('le mois suivant, la clôture automatique archive la suite de la chaîne ; la base refuse de changer une archive', async () => {
    await aller('2026-07-10T10:00:00Z');
    await w.vente({
      lignes: [{ produitId: produit.id, quantite: 1000 }],
      paiements: [{ mode: 'especes', montant: 1500 }],
    });
    await aller('2026-08-01T00:05:00Z');
    expect(await cloturesAutomatiques(server.ctx)).toBe(2);
    const [juillet, juin] = await archives();
    expect(juillet).toMatchObject({ reference: 'CM-2026-000002', periode: 'mois' });
    const dir = await deballer(juillet!.id);
    const empreintes = readFileSync(path.join(dir, 'empreintes.txt'), 'utf8').trimEnd().split('\n');
    // It starts right after June's closure, from June's last hash.
    const dirJuin = await deballer(juin!.id);
    const dernJuin = readFileSync(path.join(dirJuin, 'empreintes.txt'), 'utf8')
      .trimEnd()
      .split('\n')
      .at(-1)!
      .split(' ');
    expect(Number(empreintes[0]!.split(' ')[0])).toBe(Number(dernJuin[0]) + 1);
    expect(empreintes[0]!.split(' ')[1]).toBe(dernJuin[2]);
    const audit = await verifierCommeLisezmoi(dir);
    expect(audit.code, audit.out).toBe(0);
    expect(audit.out).not.toMatch(/rupture|modifiée|FAILED|Failure/);

    const { db } = server.ctx.database;
    expect(
      await refusal(db, `update journal_archives set taille = 1 where id = ${juin!.id}`),
    ).toMatch(/inaltérable/);
    expect(await refusal(db, `delete from journal_archives where id = ${juin!.id}`)).toMatch(
      /inaltérable/,
    );
    // Shop B's owner, asking for shop A's archive under shop B: not found.
    const ownerB = { token: (await login(server.client(), w.world.ownerB.email)).token };
    const autre = await server
      .client()
      .get(`/api/services/${w.world.shopB.id}/journal/archives/${juin!.id}/zip`, ownerB);
    expect(autre.status).toBe(404);
  });
});
