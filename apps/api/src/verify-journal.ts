import { ConfigError, loadConfig } from './config/env.js';
import { openDatabase } from './db/database.js';
import { verifierJournal } from './modules/journal/journal.verify.js';

/**
 * `npm run verify-journal [-- <boutique>…]` (README « Journal inaltérable »): recomputes the
 * chain of every shop (or of the shops named by id) of the configured database (DATABASE_URL or
 * DATA_DIR, as the server) and names the first entry that does not match. Exit code 0 when every
 * chain is intact, 1 when one is broken, 2 when the check could not run.
 */
async function main(): Promise<number> {
  const config = loadConfig();
  const database = openDatabase(config.database);
  try {
    const ids = process.argv.slice(2).map((a) => Number.parseInt(a, 10));
    if (ids.some((id) => !Number.isSafeInteger(id) || id <= 0)) {
      console.error('Usage : npm run verify-journal [-- <identifiant de boutique>…]');
      return 2;
    }
    const shops = await database.db
      .selectFrom('services')
      .select(['id', 'nom'])
      .$if(ids.length > 0, (q) => q.where('id', 'in', ids))
      .orderBy('id')
      .execute();
    let broken = 0;
    for (const shop of shops) {
      const r = await verifierJournal(database.db, shop.id);
      if (r.valide)
        console.log(
          `✔ ${shop.nom} (n° ${shop.id}) : ${r.entrees} entrées, chaîne intacte. ${r.jet.entrees} événements techniques, chaîne intacte.`,
        );
      else {
        broken += 1;
        console.log(`✘ ${shop.nom} (n° ${shop.id}) : ${r.rupture!.motif}`);
      }
    }
    if (!shops.length) console.log('Aucune boutique à vérifier.');
    return broken ? 1 : 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      error instanceof ConfigError ? error.message : `Vérification impossible : ${String(error)}`,
    );
    process.exit(2);
  },
);
