import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config/env.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { refreshStatistics } from './db/statistics.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from './demo/seed.js';
import { bootstrapAdmin } from './modules/account/bootstrap.js';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase(config.database);
  await migrateToLatest(database);
  const { app, ctx } = await buildApp(config, database);
  if (config.demoData && (await seedDemoData(database.db))) {
    await refreshStatistics(database);
    app.log.info('Données de démonstration chargées.');
  }
  await bootstrapAdmin(ctx, app.log);
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'Arrêt de Comptoir');
    // Requests in progress get a grace period; a connection still busy after it (a client that
    // never finishes sending a body) is cut, so that the process always stops.
    setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  const where =
    config.database.kind === 'sqlite' ? `SQLite (${config.database.file})` : 'PostgreSQL';
  const lines = [`Comptoir est prêt : ${config.publicUrl} — base ${where}`];
  if (config.demoData) {
    lines.push(`Comptes de démonstration (mot de passe « ${DEMO_PASSWORD} ») :`);
    for (const a of DEMO_ACCOUNTS) lines.push(`  ${a.email.padEnd(28)} ${a.role}`);
  }
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else
    console.error('Comptoir n’a pas pu démarrer :', error instanceof Error ? error.message : error);
  process.exit(1);
});
