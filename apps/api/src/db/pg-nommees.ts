import { AsyncLocalStorage } from 'node:async_hooks';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

/**
 * Named prepared statements on PostgreSQL (issue 18). node-pg sends every statement unnamed:
 * PostgreSQL parses, analyses and plans it again on each execution, a third of a backend's CPU
 * per sale (the server's profile at 10 tills). A statement sent named is parsed once per
 * connection and, once PostgreSQL finds its generic plan no worse than the plans made for the
 * values (`plan_cache_mode = auto`, after five executions), planned once too. The Parse travels
 * with the first execution: no round trip is added.
 *
 * Named: a text seen at least twice in the process (a one-off text, such as a batch of an import, stays
 * unnamed), with parameters, whose plan does not depend on the values: writes, locking reads, and
 * reads without a pattern, a page, a sort, an aggregate or a range (`SELON_LES_VALEURS`); those
 * keep a plan made for their values, as before. Bounded: 200 statements per connection (the
 * least recently used is deallocated), 2,000 texts counted in the process.
 */
export const NOMMEES_PAR_CONNEXION = 200;
const TEXTES_COMPTES = 2_000;
/** Longer texts (a batch of many rows) stay unnamed: their plan would be kept in memory. */
const TEXTE_MAX = 32_000;

/** A read whose best plan may depend on its values: it keeps a plan made for them. */
const SELON_LES_VALEURS =
  /\b(like|ilike|similar|limit|offset|order\s+by|group\s+by|having|distinct|union|between|count|sum|avg|min|max)\b|[<>]/i;
const ECRITURE = /\b(insert\s+into|delete\s+from|update\s+"|on\s+conflict)\b/i;
const VERROU = /\bfor\s+(update|share|no\s+key\s+update|key\s+share)\b/i;
/** A schema change: the connection's statements are dropped, their result may change. */
const SCHEMA = /^\s*(alter|create|drop|comment|truncate)\b/i;
/** PostgreSQL's « cached plan must not change result type » (a table changed elsewhere). */
const PLAN_PERIME = '0A000';

/** Texts seen in the process: 1 once seen, then whether they are named (2) or not (0). */
const vues = new Map<string, number>();

function nommable(text: string, parametres: number): boolean {
  if (parametres === 0 || text.length > TEXTE_MAX) return false;
  const vue = vues.get(text);
  if (vue === undefined) {
    if (vues.size >= TEXTES_COMPTES) vues.delete(vues.keys().next().value!);
    vues.set(text, 1);
    return false;
  }
  if (vue !== 1) return vue === 2;
  const oui = ECRITURE.test(text) || VERROU.test(text) || !SELON_LES_VALEURS.test(text);
  vues.set(text, oui ? 2 : 0);
  return oui;
}

/** What node-pg keeps of a connection's named statements (its `Connection`, not typed). */
interface Protocole {
  parsedStatements: Record<string, string>;
}

/** A connection's named statements: text → name, least recently used first. */
interface Nommees {
  noms: Map<string, string>;
  suivant: number;
}
const etats = new WeakMap<pg.PoolClient, Nommees>();

function etatDe(client: pg.PoolClient): Nommees {
  let etat = etats.get(client);
  if (!etat) etats.set(client, (etat = { noms: new Map(), suivant: 0 }));
  return etat;
}

const protocole = (client: pg.PoolClient) => client.connection as unknown as Protocole;

/**
 * Drops `nom` (all: null) from the server (one round trip, rare) and from node-pg. Names are never
 * reused on a connection: one left behind (the DEALLOCATE refused in an aborted transaction)
 * never meets a new statement.
 */
async function desallouer(client: pg.PoolClient, nom: string | null): Promise<void> {
  if (nom) delete protocole(client).parsedStatements[nom];
  else protocole(client).parsedStatements = {};
  await client.query(nom ? `deallocate "${nom}"` : 'deallocate all').catch(() => {});
}

/** The name `text` is sent under on this connection, if any; `rendu`: a name to deallocate. */
function nomPour(etat: Nommees, text: string, parametres: number) {
  const connu = etat.noms.get(text);
  if (connu) {
    etat.noms.delete(text);
    etat.noms.set(text, connu);
    return { name: connu };
  }
  if (!nommable(text, parametres)) return {};
  let rendu: string | undefined;
  if (etat.noms.size >= NOMMEES_PAR_CONNEXION) {
    const [ancien, nom] = etat.noms.entries().next().value!;
    etat.noms.delete(ancien);
    rendu = nom;
  }
  const name = `comptoir_${etat.suivant++}`;
  etat.noms.set(text, name);
  return { name, rendu };
}

type Resultat = pg.QueryResult & { command: PostgresQueryResult<unknown>['command'] };

/**
 * Runs `text` on `client`, named when it is worth it. A statement made stale by a table changed
 * on another connection is dropped; outside a transaction it runs again, newly prepared. A schema
 * change on the connection itself drops its statements first.
 */
export async function executer(
  client: pg.PoolClient,
  text: string,
  values: readonly unknown[],
  rowMode?: 'array',
  reprise = true,
  /** Called once the statement is queued on the connection (what follows it goes after it). */
  envoyee?: () => void,
): Promise<Resultat> {
  const etat = etatDe(client);
  if (SCHEMA.test(text) && etat.noms.size > 0) {
    etat.noms.clear();
    await desallouer(client, null);
  }
  const { name, rendu } = nomPour(etat, text, values.length);
  if (rendu) await desallouer(client, rendu);
  const config = { text, values: [...values], rowMode, ...(name ? { name } : {}) };
  try {
    const reponse = client.query(config);
    envoyee?.();
    return (await reponse) as Resultat;
  } catch (e) {
    // A failed Parse is forgotten by node-pg: the next call parses again under the same name.
    const perime =
      (e as { code?: string }).code === PLAN_PERIME &&
      name !== undefined &&
      name in protocole(client).parsedStatements;
    if (!perime) throw e;
    etat.noms.delete(text);
    await desallouer(client, name);
    if (!reprise || client.getTransactionStatus() !== 'I') throw e;
    return executer(client, text, values, rowMode, false);
  }
}

const derniere = new AsyncLocalStorage<true>();

/** SQLSTATE of `comptoir_exiger` (migration 059): the statement needed one after it. */
export const SUITE_NECESSAIRE = 'CPT01';

/**
 * Runs `ecrire`, whose one statement is its transaction's last: its COMMIT follows it on the wire,
 * without waiting for its answer (issue 18: the rows a shop's sales share, locked by that
 * statement, are no longer held while Node, busy with the other tills, comes back to send the
 * COMMIT). The statement must refuse (`comptoir_exiger`) whatever would need another statement
 * after it: once it has succeeded, the transaction is committed. A statement sent after it fails;
 * a rollback asked after it rolls back nothing.
 */
export const derniereInstruction = <T>(ecrire: () => Promise<T>): Promise<T> =>
  derniere.run(true, ecrire);

/** node-pg's switch of a client's pipeline mode (pg ≥ 8.20), not typed. */
const enFile = (client: pg.PoolClient, oui: boolean) => {
  (client as unknown as { pipeline: boolean }).pipeline = oui;
};

/**
 * A client whose BEGIN travels with the transaction's first statement: one round trip fewer per
 * transaction (issue 18: a sale's seven became six). Kysely waits for BEGIN's answer before it
 * sends anything else; here BEGIN is sent at once and answered at once, in node-pg's pipeline mode
 * for as long as it is in flight, and the next statement follows it on the wire without waiting.
 * That statement's caller then waits for both answers: BEGIN's failure (the connection lost: the
 * statement fails with it) is its failure. Only a plain `begin` on a connection outside any
 * transaction is deferred. Kysely's streams would pass a cursor (this dialect configures none):
 * one would wait for BEGIN first, pipeline mode refusing cursors.
 */
function clientAvecDebutDiffere(client: pg.PoolClient): PostgresPoolClient {
  let debut: Promise<unknown> | null = null;
  /** The COMMIT sent after a last statement (`derniereInstruction`), until Kysely asks for it. */
  let validation: Promise<unknown> | null = null;
  const apresDebut = async <T>(envoyer: () => Promise<T>): Promise<T> => {
    const enVol = debut;
    if (!enVol) return envoyer();
    debut = null;
    const reponse = envoyer();
    try {
      await enVol;
    } catch (error) {
      await reponse.catch(() => {});
      throw error;
    } finally {
      // Nothing is in flight once both are answered: back to one statement at a time.
      void reponse.finally(() => enFile(client, false)).catch(() => {});
    }
    return reponse;
  };
  const query = (sqlOrCursor: unknown, parameters?: readonly unknown[]) => {
    if (typeof sqlOrCursor !== 'string') {
      const curseur = async () => {
        if (debut) await apresDebut(async () => undefined);
        enFile(client, false);
        return client.query(sqlOrCursor as pg.Submittable);
      };
      return curseur();
    }
    if (/^begin$/i.test(sqlOrCursor) && !debut && client.getTransactionStatus() === 'I') {
      enFile(client, true);
      debut = client.query('begin');
      debut.catch(() => {});
      return Promise.resolve({ command: 'BEGIN', rowCount: null, rows: [], fields: [] });
    }
    if (validation) return apresValidation(sqlOrCursor);
    if (derniere.getStore() && (debut || client.getTransactionStatus() === 'T'))
      return avecValidation(sqlOrCursor, parameters ?? []);
    return apresDebut(() => executer(client, sqlOrCursor, parameters ?? []));
  };
  /** A last statement and its COMMIT behind it (behind BEGIN too when it is still in flight). */
  const avecValidation = async (text: string, parameters: readonly unknown[]) => {
    enFile(client, true);
    const enVol = debut;
    debut = null;
    // No new run of a statement made stale (`reprise`): once the COMMIT behind it has closed the
    // failed transaction, that run would write alone, outside it.
    const reponse = executer(client, text, parameters, undefined, false, () => {
      validation = client.query('commit');
      validation.catch(() => {});
      void validation.finally(() => enFile(client, false)).catch(() => {});
    });
    if (enVol)
      try {
        await enVol;
      } catch (error) {
        await reponse.catch(() => {});
        throw error;
      }
    return reponse;
  };
  /** Kysely's COMMIT (or ROLLBACK) after a last statement: the one already sent answers it. */
  const apresValidation = async (text: string) => {
    const envoyee = validation!;
    validation = null;
    if (/^commit$/i.test(text)) return envoyee;
    if (/^rollback$/i.test(text)) return envoyee.catch(() => undefined);
    throw new Error('Transaction déjà validée : aucune instruction ne suit la dernière.');
  };
  return {
    query: query as unknown as PostgresPoolClient['query'],
    release: () => {
      enFile(client, false);
      client.release();
    },
  };
}

/** The pool as Kysely's PostgresDialect uses it, its statements sent through `executer`. */
export function poolNomme(pool: pg.Pool): PostgresPool {
  return {
    connect: async (): Promise<PostgresPoolClient> => clientAvecDebutDiffere(await pool.connect()),
    end: () => pool.end(),
  };
}

/** A select's rows as arrays, on a connection of `pool` (`lignesBrutes`). */
export async function lireEnTableaux(
  pool: pg.Pool,
  text: string,
  values: readonly unknown[],
): Promise<unknown[]> {
  const client = await pool.connect();
  try {
    return (await executer(client, text, values, 'array')).rows;
  } finally {
    client.release();
  }
}
