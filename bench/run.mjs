// Benchmarks of Comptoir against the built app. Run by `npm run bench` once on SQLite and once on
// PostgreSQL (scripts/bench.sh). Prints figures; asserts nothing.
// BENCH_ONLY=catalogue (or a comma-separated list of auth, accounts, catalogue, ventes, login-page, facturx, depenses,
// rapports, achats, devis, factures, hors-ligne, journal, etiquettes, import) runs only those parts, e.g. `BENCH_ONLY=catalogue node bench/run.mjs`.
// BENCH_NAVIGATEUR=0 leaves out the sales part's browser measure (no web build needed).
// BENCH_PAGES=1 adds, on SQLite, the pages each sale writes to the WAL by table and index
// (bench/ventes-pages.ts), from untimed sales after the sales part's levels.
import { benchAccounts } from './accounts.mjs';
import { benchAchats } from './achats.mjs';
import { benchAuth } from './auth.mjs';
import { benchCatalogue } from './catalogue.mjs';
import { benchDepenses } from './depenses.mjs';
import { benchDevis } from './devis.mjs';
import { benchEtiquettes } from './etiquettes.mjs';
import { benchFactures } from './factures.mjs';
import { benchFacturx } from './facturx.mjs';
import { benchHorsLigne } from './hors-ligne.mjs';
import { benchImport } from './import.mjs';
import { benchJournal } from './journal.mjs';
import { benchLoginPage } from './login-page.mjs';
import { benchVentes } from './ventes.mjs';
import { benchRapports } from './rapports.mjs';
import { startServer } from './server.mjs';

const PARTS = [
  'auth',
  'accounts',
  'catalogue',
  'ventes',
  'login-page',
  'facturx',
  'depenses',
  'rapports',
  'achats',
  'devis',
  'factures',
  'hors-ligne',
  'journal',
  'etiquettes',
  'import',
];
const only = process.env.BENCH_ONLY
  ? process.env.BENCH_ONLY.split(',')
      .map((s) => s.trim())
      .filter(Boolean)
  : PARTS;
const unknown = only.filter((p) => !PARTS.includes(p));
if (unknown.length)
  throw new Error(
    `BENCH_ONLY : partie inconnue ${unknown.join(', ')} (parties : ${PARTS.join(', ')})`,
  );
const runs = (part) => only.includes(part);

const server = await startServer(Number(process.env.BENCH_PORT ?? 8282));
try {
  console.log(`\n### ${server.dialect}`);
  if (runs('auth')) console.log(await benchAuth(server.baseUrl));
  if (runs('accounts')) console.log(await benchAccounts(server.baseUrl, server.databaseUrl));
  if (runs('catalogue')) console.log(await benchCatalogue(server.baseUrl, server.databaseUrl));
  // The browser part (scan → line) runs once, on SQLite: it measures the web screen.
  if (runs('ventes'))
    console.log(
      await benchVentes(
        server.baseUrl,
        server.databaseUrl,
        !process.env.TEST_DATABASE_URL && process.env.BENCH_NAVIGATEUR !== '0',
        () => server.cpuMs(),
      ),
    );
  if (runs('login-page') && !process.env.TEST_DATABASE_URL)
    console.log(await benchLoginPage(server.baseUrl));
  // Factur-X generation uses no database: measured once, on SQLite.
  if (runs('facturx') && !process.env.TEST_DATABASE_URL) console.log(await benchFacturx());
  if (runs('depenses')) console.log(await benchDepenses(server.baseUrl));
  if (runs('rapports')) console.log(await benchRapports(server.baseUrl));
  if (runs('achats')) console.log(await benchAchats(server.baseUrl));
  if (runs('devis')) console.log(await benchDevis(server.baseUrl));
  if (runs('factures')) console.log(await benchFactures(server.baseUrl));
  // The till without the network runs in Chromium, once, on SQLite (bench/hors-ligne.mjs).
  if (runs('hors-ligne') && !process.env.TEST_DATABASE_URL)
    console.log(await benchHorsLigne(server.baseUrl));
  if (runs('journal')) console.log(await benchJournal(server.baseUrl, server.databaseUrl));
  if (runs('etiquettes')) console.log(await benchEtiquettes(server.baseUrl));
  if (runs('import')) console.log(await benchImport(server.baseUrl));
} finally {
  await server.stop();
}
