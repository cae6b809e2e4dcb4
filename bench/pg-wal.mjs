// PostgreSQL's write-ahead log and the product rows' updates, read before and after a level of
// sales (bench/ventes.mjs over HTTP, bench/ventes-direct.ts in-process): what one sale writes.
// The log's position counts the whole server: the bench's server serves only the bench, so the
// difference is the sales' log, plus what autovacuum wrote meanwhile.
import pg from 'pg';
import { echantillonnerAttentes } from './pg-attentes.mjs';

/** 'X/Y' (pg_lsn, two hexadecimal halves) as a number of bytes. */
const octets = (lsn) => {
  const [hi, lo] = lsn.split('/');
  return parseInt(hi, 16) * 2 ** 32 + parseInt(lo, 16);
};

/**
 * The log's insert position (exact at once) and the product table's update counters. A backend
 * reports its counters at most once a second, and an idle one within ten (PostgreSQL 15): read
 * soon after the sales, they miss the last ones, which their ratio (HOT share) does not mind.
 */
export async function compteursWal(databaseUrl) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const wal = await c.query('select pg_current_wal_insert_lsn() as lsn');
    const produits = await c.query(
      `select n_tup_upd, n_tup_hot_upd from pg_stat_user_tables where relname = 'produits'`,
    );
    const p = produits.rows[0] ?? { n_tup_upd: 0, n_tup_hot_upd: 0 };
    return {
      bytes: octets(wal.rows[0].lsn),
      updates: Number(p.n_tup_upd),
      hot: Number(p.n_tup_hot_upd),
    };
  } finally {
    await c.end();
  }
}

/** What `after` adds to `before`: log bytes per sale (`sales`), product updates and HOT ones. */
export const walParVente = (before, after, sales) => ({
  bytes: (after.bytes - before.bytes) / sales,
  updates: after.updates - before.updates,
  hot: after.hot - before.hot,
});

/** « 20,4 Kio de journal par vente ; mises à jour de produits sans index touché (HOT) : 0 % de 9 379 ». */
export function texteWal(w) {
  const kio = (w.bytes / 1024).toLocaleString('fr-FR', { maximumFractionDigits: 1 });
  const hot =
    w.updates > 0
      ? `${Math.round((100 * w.hot) / w.updates)} % de ${w.updates.toLocaleString('fr-FR')}`
      : 'pas encore comptées';
  return `${kio} Kio de journal (WAL) par vente ; mises à jour de produits sans index touché (HOT) : ${hot}`;
}

/** Around a level over HTTP: the log per sale (above) and the connections' waits (pg-attentes.mjs). */
export const suiviPg = (databaseUrl) => ({
  async debut() {
    const wal = await compteursWal(databaseUrl);
    return { wal, attentes: await echantillonnerAttentes(databaseUrl) };
  },
  async fin(debut, sales) {
    const attentes = await debut.attentes.arreter();
    return { journal: walParVente(debut.wal, await compteursWal(databaseUrl), sales), attentes };
  },
});
