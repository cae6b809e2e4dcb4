// What the bench database's connections are doing while the sales run, sampled from
// pg_stat_activity every 50 ms (often enough for averages over a level, rarely enough to cost the
// machine about 1 % of a core): how many, on average, wait for a row lock, sit in a transaction
// waiting for the API's next statement, run one, or wait for the log to reach the disk. At 10
// tills the sales of a shop queue on the rows they all update (counters, summaries, journal head):
// this says how long those rows stay held and what holds them.
import pg from 'pg';

const PERIODE_MS = 50;

/** The state of each sampled connection, by what it waits for. */
const CATEGORIES = [
  ['verrou', 'attente d’un verrou'],
  ['attenteApi', 'transaction en attente de l’API'],
  ['instruction', 'instruction en cours'],
  ['journal', 'écriture du WAL'],
  ['autre', 'autre attente'],
];

function categorie({ state, wait_event_type: type, wait_event: evenement }) {
  if (state === 'idle in transaction') return 'attenteApi';
  if (state !== 'active') return null;
  if (type === 'Lock') return 'verrou';
  if (type === null) return 'instruction';
  if (/^WAL/.test(evenement ?? '')) return 'journal';
  return 'autre';
}

/** Starts sampling; `arreter()` stops and gives the average connections per category. */
export async function echantillonnerAttentes(databaseUrl) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  const totaux = Object.fromEntries(CATEGORIES.map(([k]) => [k, 0]));
  let echantillons = 0;
  let fini = false;
  const boucle = (async () => {
    while (!fini) {
      const r = await c.query(
        `select state, wait_event_type, wait_event from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()
            and backend_type = 'client backend'`,
      );
      for (const ligne of r.rows) {
        const k = categorie(ligne);
        if (k) totaux[k]++;
      }
      echantillons++;
      await new Promise((resolve) => setTimeout(resolve, PERIODE_MS));
    }
  })();
  return {
    async arreter() {
      fini = true;
      await boucle;
      await c.end();
      return {
        echantillons,
        moyennes: CATEGORIES.map(([k, nom]) => [nom, totaux[k] / echantillons]),
      };
    },
  };
}

/** « attente d’un verrou 4,3 · transaction en attente de l’API 1,1 · … (200 relevés) ». */
export function texteAttentes({ echantillons, moyennes }) {
  const nombre = (v) => v.toLocaleString('fr-FR', { maximumFractionDigits: 1 });
  return `connexions en moyenne : ${moyennes.map(([nom, v]) => `${nom} ${nombre(v)}`).join(' · ')} (${echantillons} relevés)`;
}
