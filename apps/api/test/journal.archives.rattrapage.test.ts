import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWithClock } from '../src/db/time.js';
import { ansApres } from '../src/modules/journal/journal.archive.js';
import { cleInstallation } from '../src/modules/journal/journal.cle.js';
import { ecrireCloture, type Periode } from '../src/modules/journal/journal.clotures.js';
import { archivesRattrapees } from '../src/modules/journal/journal.housekeeping.js';
import { deballer as deballerArchive, verifierCommeLisezmoi } from './support/archives.js';
import { TEST_DIALECT } from './support/database.js';
import { login } from './support/factories.js';
import { sellingWorld } from './support/retours-dettes.js';
import { startTestServer, type TestServer } from './support/test-app.js';

const GENESE = '0'.repeat(64);

/**
 * Archives of closures made before archives existed (migration 025, docs/regles-metier.md
 * « Archives du journal »). Such closures are written here as the code of the time wrote them:
 * the closure's entry (`ecrireCloture`, what `cloturer` did before 025), in its own transaction,
 * with no archive step — nothing is deleted. The housekeeping's catch-up then builds their
 * archives, checked with the LISEZMOI's own commands (openssl, sha256sum), once only even when
 * two instances run it at once, beside a sale.
 */
describe(`journal : archives des clôtures antérieures aux archives (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let w: Awaited<ReturnType<typeof sellingWorld>>;
  let produit: { id: number };
  const aller = async (instant: string) => {
    server.clock.set(instant);
    w.tokens.ownerA.token = (await login(server.client(), w.world.ownerA.email)).token;
  };
  const vendre = (montant: number) =>
    w.vente({
      lignes: [{ produitId: produit.id, quantite: (montant / 1500) * 1000 }],
      paiements: [{ mode: 'especes', montant }],
    });
  /** A closure as before migration 025: its journal entry, and no archive. */
  const clotureAvant025 = async (periode: Periode) => {
    const { db } = server.ctx.database;
    const cle = await cleInstallation(db);
    const faite = await runWithClock(server.ctx.clock, () =>
      db
        .transaction()
        .execute((trx) => ecrireCloture(trx, cle, w.world.shopA.id, periode, 'automatique')),
    );
    expect(faite).not.toBeNull();
    return faite!;
  };
  const archives = async () =>
    (await server.client().get(`${w.shopUrl()}/journal/archives`, w.tokens.ownerA)).body as Array<{
      id: number;
      reference: string;
      periode: string;
      clotureSequence: number;
      createdAt: string;
      conserverJusquAu: string;
    }>;
  const evenementsArchive = async () =>
    (
      await server.ctx.database.db
        .selectFrom('jet_entrees')
        .select('reference')
        .where('service_id', '=', w.world.shopA.id)
        .where('type', '=', 'archive')
        .orderBy('sequence')
        .execute()
    ).map((r) => r.reference);
  const deballer = (id: number) => deballerArchive(server, w.shopUrl(), id, w.tokens.ownerA);
  const empreintes = (dir: string) =>
    readFileSync(path.join(dir, 'empreintes.txt'), 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => l.split(' '));

  beforeAll(async () => {
    server = await startTestServer();
    server.clock.set('2025-11-10T09:00:00Z');
    w = await sellingWorld(server.ctx, server.client());
    produit = await w.produit({ prix: 1500, stock: 100_000 });
  });
  afterAll(() => server.close());

  it('les clôtures sans archive reçoivent la leur, vérifiable avec openssl, une seule fois', async () => {
    await vendre(1500);
    await vendre(3000);
    await aller('2025-11-11T00:05:00Z');
    const jour = await clotureAvant025('jour');
    await aller('2025-12-01T00:05:00Z');
    const novembre = await clotureAvant025('mois');
    await aller('2025-12-14T10:00:00Z');
    await vendre(4500);
    await aller('2026-01-01T00:05:00Z');
    const decembre = await clotureAvant025('mois');
    const exercice = await clotureAvant025('exercice');
    // Then the code of today: a month closure keeps its archive in its own transaction.
    await aller('2026-01-10T10:00:00Z');
    await vendre(1500);
    const client = server.client();
    const mois = await client.post(
      `${w.shopUrl()}/journal/clotures`,
      { periode: 'mois' },
      w.tokens.ownerA,
    );
    expect(mois.status).toBe(201);
    expect((await archives()).map((a) => a.reference)).toEqual([mois.body.reference]);

    // Two instances' housekeeping at once, and a sale meanwhile: each missing archive is built
    // once, and the sale goes through.
    await aller('2026-01-12T08:00:00Z');
    const [a, b, vente] = await Promise.all([
      archivesRattrapees(server.ctx),
      archivesRattrapees(server.ctx),
      vendre(3000),
    ]);
    expect(a + b).toBe(3);
    expect(vente).toMatchObject({ numero: expect.stringMatching(/^V-/) });
    expect(await archivesRattrapees(server.ctx)).toBe(0);

    const liste = await archives();
    expect(liste.map((x) => [x.reference, x.periode, x.clotureSequence])).toEqual([
      [mois.body.reference, 'mois', mois.body.sequence],
      [exercice.reference, 'exercice', exercice.sequence],
      [decembre.reference, 'mois', decembre.sequence],
      [novembre.reference, 'mois', novembre.sequence],
    ]);
    // Kept six years from its closure's day; made today, which the list says.
    const [, ce, cm2, cm1] = liste;
    expect(cm1!.conserverJusquAu).toBe('2031-12-01');
    expect(cm1!.createdAt).toMatch(/^2026-01-12T08:0/);
    expect(cm2!.conserverJusquAu).toBe('2032-01-01');
    expect(ce!.conserverJusquAu).toBe('2032-01-01');
    expect(await evenementsArchive()).toEqual([
      `journal-${w.world.shopA.id}-${mois.body.reference}.zip`,
      ...[novembre, decembre, exercice].map(
        (c) => `journal-${w.world.shopA.id}-${c.reference}.zip`,
      ),
    ]);

    // November: the chain from its first entry; December: from November's closure, by its hash;
    // the year: from the first entry to its closure. Each checked as its LISEZMOI says.
    const dirs = await Promise.all([cm1!, cm2!, ce!].map((x) => deballer(x.id)));
    const [hNovembre, hDecembre, hExercice] = dirs.map(empreintes);
    expect(hNovembre![0]!.slice(0, 2)).toEqual(['1', GENESE]);
    expect(hNovembre!.at(-1)![0]).toBe(String(novembre.sequence));
    expect(Number(hDecembre![0]![0])).toBe(novembre.sequence + 1);
    expect(hDecembre![0]![1]).toBe(hNovembre!.at(-1)![2]);
    expect(hDecembre!.at(-1)![0]).toBe(String(decembre.sequence));
    expect(hExercice![0]!.slice(0, 2)).toEqual(['1', GENESE]);
    expect(hExercice!.at(-1)![0]).toBe(String(exercice.sequence));
    const types = readFileSync(path.join(dirs[0]!, 'journal.txt'), 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => (JSON.parse(l) as { type: string }).type);
    expect(types).toEqual(['vente', 'vente', 'cloture_jour', 'cloture_mois']);
    expect(jour.sequence).toBe(3);
    // The JET between the two closures' JET heads (sign-ins happened in between).
    const jet = (dir: string) =>
      readFileSync(path.join(dir, 'jet-empreintes.txt'), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => Number(l.split(' ')[0]));
    expect(jet(dirs[1]!)[0]).toBe(novembre.contenu.jet!.sequence + 1);
    expect(jet(dirs[1]!).at(-1)).toBe(decembre.contenu.jet!.sequence);
    expect(jet(dirs[2]!)[0]).toBe(1);
    for (const dir of dirs) {
      const audit = await verifierCommeLisezmoi(dir);
      expect(audit.code, audit.out).toBe(0);
      expect(audit.out).toMatch(/Signature Verified Successfully/);
      expect(audit.out).not.toMatch(/rupture|modifiée|FAILED|Failure/);
    }

    const verification = await client.get(`${w.shopUrl()}/journal/verification`, w.tokens.ownerA);
    expect(verification.body).toMatchObject({ valide: true, jet: { valide: true } });
  });

  it('six ans : le même jour six ans plus tard, le 29 février donnant le 1er mars', () => {
    expect(ansApres('2026-06-15', 6)).toBe('2032-06-15');
    expect(ansApres('2025-02-01', 6)).toBe('2031-02-01');
    expect(ansApres('2028-02-29', 6)).toBe('2034-03-01');
    expect(ansApres('2028-02-29', 4)).toBe('2032-02-29');
    expect(ansApres('2026-12-31', 6)).toBe('2032-12-31');
  });
});
