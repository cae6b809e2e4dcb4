// The inalterable journal (issue 14): what appending costs a sale, and how long the verification
// of a long chain takes. 2,000 products are imported through the API into the demo owner's first
// shop; then, in-process on the database (bench/journal-direct.ts, through tsx):
// 1. checkout throughput of the sale transaction at 1 and 10 terminals with the journal, next to
//    the same write path with the append step switched off by a bench-only switch of that
//    process (`banc.sansJournal` of journal.append.ts; the database is never edited). Rounds
//    alternate « avec » and « sans »; the median of each is compared. Target: under 15 % slower.
// 2. verification of a chain of 1,000,000 entries (BENCH_JOURNAL_ENTREES), written by the real
//    append in transactions of 5,000, each the content of a real sale. Target: under 10 s.
// BENCH_JOURNAL_VENTES (sales per level and round, 300) and BENCH_JOURNAL_TOURS (rounds, 3)
// shorten a quick check. The load average is printed with the figures: they mean little on a
// machine busy with something else.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { api, ean13, session } from './ventes.mjs';

const root = path.resolve(import.meta.dirname, '..');
const PRODUCTS = 2000;
const ENTREES = Number(process.env.BENCH_JOURNAL_ENTREES ?? 1_000_000);
const PER_LEVEL = Number(process.env.BENCH_JOURNAL_VENTES ?? 300);
const ROUNDS = Number(process.env.BENCH_JOURNAL_TOURS ?? 3);
const LEVELS = [1, 10];

/**
 * The demo owner's two shops (the plan allows no more once the sales part has opened its own):
 * 2,000 products with a deep stock are imported into the first, whose sales are measured; the
 * second's chain is lengthened and verified.
 */
async function seed(baseUrl) {
  const s = await session(baseUrl);
  const shops = (await api(baseUrl, s, 'GET', '/api/services?size=50')).items;
  const [shop, verifShop] = shops;
  const marque = `Journal${Date.now()}`;
  const lignes = Array.from({ length: PRODUCTS }, (_, i) => ({
    nom: `${marque} article ${i}`,
    reference: `${marque}-${i}`,
    codeBarres: ean13(
      `28${String(Date.now() % 1e6).padStart(6, '0')}${String(i).padStart(4, '0')}`,
    ),
    unite: 'pce',
    prixAchat: 100 + (i % 900),
    prixVente: 150 + (i % 4000),
    tauxTva: 1800,
    stockInitial: 10_000_000,
  }));
  await api(baseUrl, s, 'POST', `/api/services/${shop.id}/produits/import`, { lignes });
  const produits = [];
  for (let page = 1; produits.length < PRODUCTS; page++) {
    const { items } = await api(
      baseUrl,
      s,
      'GET',
      `/api/services/${shop.id}/produits?page=${page}&size=200&sort=reference,asc&q=${marque}`,
    );
    if (items.length === 0) break;
    for (const p of items) produits.push({ id: p.id, prix: p.prixVente });
  }
  if (produits.length !== PRODUCTS) throw new Error(`${produits.length} produits importés`);
  const account = await api(baseUrl, s, 'GET', '/api/account');
  const types = await api(baseUrl, s, 'GET', '/api/types-ventes?size=50');
  const detail = types.items.find((t) => t.prixUtilise === 'detail') ?? types.items[0];
  return {
    shop: shop.id,
    verifShop: verifShop.id,
    user: account.id,
    typeVente: detail.id,
    produits,
  };
}

function direct(databaseUrl, seeded) {
  const dir = mkdtempSync(path.join(tmpdir(), 'comptoir-journal-'));
  const argsFile = path.join(dir, 'args.json');
  writeFileSync(
    argsFile,
    JSON.stringify({
      ...seeded,
      levels: LEVELS,
      perLevel: PER_LEVEL,
      rounds: ROUNDS,
      entrees: ENTREES,
    }),
  );
  return new Promise((resolve, reject) => {
    const child = spawn(
      path.join(root, 'node_modules/.bin/tsx'),
      [path.join(root, 'bench/journal-direct.ts')],
      {
        cwd: root,
        env: { ...process.env, BENCH_DATABASE_URL: databaseUrl, BENCH_ARGS_FILE: argsFile },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let text = '';
    child.stdout.on('data', (d) => (text += d));
    child.on('exit', (code) => {
      rmSync(dir, { recursive: true, force: true });
      if (code === 0) resolve(JSON.parse(text.trim().split('\n').pop()));
      else reject(new Error(`journal-direct ${code}`));
    });
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const nombre = (n, d = 0) =>
  n.toLocaleString('fr-FR', { maximumFractionDigits: d, minimumFractionDigits: d });
const charge = () =>
  loadavg()
    .map((l) => nombre(l, 2))
    .join(' ');

export async function benchJournal(baseUrl, databaseUrl) {
  const chargeAvant = charge();
  const { debits, verification } = await direct(databaseUrl, await seed(baseUrl));
  const lines = [
    `Journal inaltérable — en processus (createVente, sans HTTP), ventes de 5 lignes ; « sans » : le même chemin d'écriture, l'ajout au journal coupé (banc.sansJournal, ce processus seulement) ; médianes de ${ROUNDS} tours alternés de ${PER_LEVEL} ventes :`,
  ];
  for (const d of debits) {
    const avec = median(d.avec);
    const sans = median(d.sans);
    const ecart = ((sans - avec) / sans) * 100;
    lines.push(
      `  ${String(d.terminals).padStart(2)} caisse(s) : avec le journal ${nombre(avec).padStart(5)} ventes/s, sans ${nombre(sans).padStart(5)} ventes/s → ${ecart >= 0 ? `${nombre(ecart, 1)} % plus lent` : `${nombre(-ecart, 1)} % plus rapide (bruit de la mesure)`} (cible : moins de 15 % plus lent)`,
    );
  }
  const v = verification;
  lines.push(
    `  Vérification de ${nombre(v.entrees)} entrées : ${nombre(v.ms / 1000, 1)} s (${v.valide ? 'chaîne valide' : 'CHAÎNE INVALIDE'} ; cible < 10 s) — écrites par journaliser en ${nombre(v.ecritureMs / 1000, 0)} s, lots de 5 000`,
    `  Charge de la machine (1, 5, 15 min) : ${chargeAvant} avant, ${charge()} après`,
  );
  return lines.join('\n');
}
