// The journal's cost and its verification, in-process on the bench database (started by
// bench/journal.mjs through tsx; prints one JSON line of results):
// 1. checkout throughput of the sale transaction of POST …/ventes (createVente, no HTTP) at 1 and
//    10 terminals, with the journal, then the same write path with the append step switched off
//    (`banc.sansJournal` of journal.append.ts, set only here, in this process; the database is
//    not touched), rounds alternated so that a drift of the machine weighs on both;
// 2. verification (verifierJournal, what « Intégrité » and `npm run verify-journal` run) of a
//    chain of ENTREES entries written by the real append (`journaliser`), in transactions of
//    5,000, each entry the canonical content of a real sale of part 1.
import { readFileSync } from 'node:fs';
import { venteInputSchema } from '@comptoir/shared';
import type { AppContext } from '../apps/api/src/core/context.js';
import { openDatabase } from '../apps/api/src/db/database.js';
import { banc, journaliser } from '../apps/api/src/modules/journal/journal.append.js';
import { verifierJournal } from '../apps/api/src/modules/journal/journal.verify.js';
import { createVente } from '../apps/api/src/modules/ventes/ventes.create.js';

const url = process.env.BENCH_DATABASE_URL!;
const args = JSON.parse(readFileSync(process.env.BENCH_ARGS_FILE!, 'utf8')) as {
  shop: number;
  verifShop: number;
  user: number;
  typeVente: number;
  produits: Array<{ id: number; prix: number }>;
  levels: number[];
  perLevel: number;
  rounds: number;
  entrees: number;
};
// SQLite: the sales stay in this process's thread, where `banc.sansJournal` is set.
const database = openDatabase(
  url.startsWith('sqlite:')
    ? { kind: 'sqlite', file: url.slice('sqlite:'.length) }
    : { kind: 'postgres', url },
  { ventesIci: true },
);
const { db } = database;
const ctx = { database } as unknown as AppContext;
const service = await db
  .selectFrom('services')
  .selectAll()
  .where('id', '=', args.shop)
  .executeTakeFirstOrThrow();

let seq = 0;
function cart() {
  const lignes = Array.from(
    { length: 5 },
    () => args.produits[Math.floor(Math.random() * args.produits.length)]!,
  );
  const total = lignes.reduce((a, p) => a + p.prix, 0);
  return venteInputSchema.parse({
    cleIdempotence: `journal-${process.pid}-${seq++}`,
    typeVenteId: args.typeVente,
    lignes: lignes.map((p) => ({ produitId: p.id, quantite: 1000 })),
    paiements: [{ mode: 'especes', montant: total, recu: Math.ceil(total / 500) * 500 }],
  });
}

/** `perLevel` sales by `terminals` concurrent tills: sales per second. */
async function debit(terminals: number): Promise<number> {
  const perTerminal = Math.ceil(args.perLevel / terminals);
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: terminals }, async () => {
      for (let i = 0; i < perTerminal; i++) await createVente(ctx, args.user, service, cart());
    }),
  );
  return ((perTerminal * terminals) / (performance.now() - t0)) * 1000;
}

const debits: Array<{ terminals: number; avec: number[]; sans: number[] }> = [];
await debit(1); // warm-up: statements prepared, pages in cache
for (const terminals of args.levels) {
  const d = { terminals, avec: [] as number[], sans: [] as number[] };
  for (let round = 0; round < args.rounds; round++)
    for (const sans of round % 2 === 0 ? [false, true] : [true, false]) {
      banc.sansJournal = sans;
      (sans ? d.sans : d.avec).push(await debit(terminals));
    }
  banc.sansJournal = false;
  debits.push(d);
}

// The verification's chain: real sale contents, appended by the real code path, in bulk.
const contenus = (
  await db
    .selectFrom('journal_entrees')
    .select('contenu')
    .where('service_id', '=', args.shop)
    .where('type', '=', 'vente')
    .limit(200)
    .execute()
).map((r) => JSON.parse(r.contenu) as Record<string, unknown>);
const t0 = performance.now();
for (let n = 0; n < args.entrees;) {
  const lot = Math.min(5000, args.entrees - n);
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < lot; i++, n++)
      await journaliser(trx, args.verifShop, {
        type: 'vente',
        reference: `V-BANC-${String(n + 1).padStart(7, '0')}`,
        contenu: contenus[n % contenus.length]!,
      });
  });
}
const ecriture = performance.now() - t0;
const t1 = performance.now();
const verification = await verifierJournal(db, args.verifShop);
const verifMs = performance.now() - t1;
await database.close();
console.log(
  JSON.stringify({
    debits,
    verification: {
      entrees: verification.entrees,
      valide: verification.valide,
      ms: verifMs,
      ecritureMs: ecriture,
    },
  }),
);
