// Benchmarks of Comptoir against the built app. Run by `npm run bench` once on SQLite and once on
// PostgreSQL (scripts/bench.sh). Prints figures; asserts nothing.
import { benchAccounts } from './accounts.mjs';
import { benchAuth } from './auth.mjs';
import { benchCatalogue } from './catalogue.mjs';
import { benchLoginPage } from './login-page.mjs';
import { startServer } from './server.mjs';

const server = await startServer(Number(process.env.BENCH_PORT ?? 8282));
try {
  console.log(`\n### ${server.dialect}`);
  console.log(await benchAuth(server.baseUrl));
  console.log(await benchAccounts(server.baseUrl, server.databaseUrl));
  console.log(await benchCatalogue(server.baseUrl, server.databaseUrl));
  if (!process.env.TEST_DATABASE_URL) console.log(await benchLoginPage(server.baseUrl));
} finally {
  await server.stop();
}
