// The same sale transaction as POST …/ventes, run in-process on the database: no HTTP, no
// authentication, no validation of the body. Started by bench/ventes.mjs through tsx; prints one
// JSON line of results. Shows, next to the HTTP figures, what our layers cost.
import { readFileSync } from 'node:fs';
import type { KyselyPlugin } from 'kysely';
import pg from 'pg';
import { createVente } from '../apps/api/src/modules/ventes/ventes.create.js';
import { openDatabase } from '../apps/api/src/db/database.js';
import { venteInputSchema } from '@comptoir/shared';
import { pagesParVente } from './ventes-pages.js';
import { compteursWal, walParVente } from './pg-wal.mjs';
import type { AppContext } from '../apps/api/src/core/context.js';

const url = process.env.BENCH_DATABASE_URL!;
const postgres = !url.startsWith('sqlite:');
const { shop, user, typeVente, produits, caisses, levels, perLevel } = JSON.parse(
  readFileSync(process.env.BENCH_ARGS_FILE!, 'utf8'),
) as {
  shop: number;
  user: number;
  typeVente: number;
  produits: Array<{ id: number; prix: number }>;
  /** One register per terminal, its session open: the sale takes its series, as at the POS. */
  caisses: number[];
  levels: number[];
  perLevel: number;
};
const database = openDatabase(
  url.startsWith('sqlite:')
    ? { kind: 'sqlite', file: url.slice('sqlite:'.length) }
    : { kind: 'postgres', url },
);
// Counts the SQL statements run (their results: a statement built once, db/figees.ts, is compiled
// only once but run each time): each is a round trip on PostgreSQL.
let statements = 0;
const counter: KyselyPlugin = {
  transformQuery: (args) => args.node,
  transformResult: async (args) => {
    statements++;
    return args.result;
  },
};
// PostgreSQL: every statement the driver sends and waits for (BEGIN and COMMIT too) is a round
// trip, unless it follows another still in flight on its connection (a BEGIN sent with the
// statement after it, db/pg-nommees.ts): both answers come back together.
let roundTrips = 0;
const send = pg.Client.prototype.query;
type EnVol = { _activeQuery?: unknown; _sentQueryQueue?: unknown[]; _queryQueue?: unknown[] };
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const c = this as unknown as EnVol;
  if (!c._activeQuery && !c._sentQueryQueue?.length && !c._queryQueue?.length) roundTrips++;
  return (send as (...a: unknown[]) => unknown).apply(this, args);
} as typeof send;
const ctx = {
  database: { ...database, db: database.db.withPlugin(counter) },
} as unknown as AppContext;
const service = await database.db
  .selectFrom('services')
  .selectAll()
  .where('id', '=', shop)
  .executeTakeFirstOrThrow();

let seq = 0;
function cart(caisseId: number) {
  const lignes = Array.from(
    { length: 5 },
    () => produits[Math.floor(Math.random() * produits.length)]!,
  );
  const total = lignes.reduce((a, p) => a + p.prix, 0);
  return venteInputSchema.parse({
    cleIdempotence: `direct-${process.pid}-${seq++}`,
    typeVenteId: typeVente,
    lignes: lignes.map((p) => ({ produitId: p.id, quantite: 1000 })),
    paiements: [{ mode: 'especes', montant: total, recu: Math.ceil(total / 500) * 500 }],
    caisseId,
    auPointDeVente: true,
  });
}

const results: Array<{
  terminals: number;
  sales: number;
  ms: number;
  latencies: number[];
  statements: number;
  roundTrips: number;
  journal: ReturnType<typeof walParVente> | null;
}> = [];
// One sale before the clock starts: on SQLite the sales' thread is loading (through tsx, over a
// second here), which the server did at its start, long before its first timed sale.
await createVente(ctx, user, service, cart(caisses[0]!));
for (const terminals of levels) {
  const latencies: number[] = [];
  const perTerminal = Math.ceil(perLevel / terminals);
  const wal0 = postgres ? await compteursWal(url) : null;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const before = statements;
  const tripsBefore = roundTrips;
  await Promise.all(
    Array.from({ length: terminals }, async (_, k) => {
      for (let i = 0; i < perTerminal; i++) {
        const input = cart(caisses[k]!);
        const s = performance.now();
        await createVente(ctx, user, service, input);
        latencies.push(performance.now() - s);
      }
    }),
  );
  results.push({
    terminals,
    sales: latencies.length,
    ms: performance.now() - t0,
    latencies,
    // This process's processor time (user + system, ms), the database server's excluded.
    cpu: ((u) => (u.user + u.system) / 1000)(process.cpuUsage(cpu0)),
    statements: statements - before,
    roundTrips: roundTrips - tripsBefore,
    journal: wal0 && walParVente(wal0, await compteursWal(url), latencies.length),
  });
}
// SQLite: the sales run on their own thread (db/sqlite-ventes.ts), out of the counter's sight.
// Their statements are counted on 20 more sales, untimed, recorded here on a connection like that
// thread's own; every sale runs the same statements at any level.
const fichier = url.startsWith('sqlite:') ? url.slice('sqlite:'.length) : null;
if (fichier) {
  const ici = openDatabase({ kind: 'sqlite', file: fichier }, { filDesVentes: true });
  const compte = { database: { ...ici, db: ici.db.withPlugin(counter) } } as unknown as AppContext;
  const avant = statements;
  for (let i = 0; i < 20; i++) await createVente(compte, user, service, cart(caisses[0]!));
  const parVente = (statements - avant) / 20;
  for (const r of results) r.statements = parVente * r.sales;
  await ici.close();
}
if (process.env.BENCH_PAGES === '1' && fichier) {
  const sell = (k: number) => createVente(ctx, user, service, cart(caisses[k % caisses.length]!));
  console.error('  Pages écrites par vente (SQLite, BENCH_PAGES=1, ventes hors chronométrage) :');
  console.error(await pagesParVente(fichier, 1, 200, sell));
  console.error(await pagesParVente(fichier, 10, 500, sell));
}
await database.close();
console.log(JSON.stringify(results));
