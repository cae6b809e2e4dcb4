import { AsyncLocalStorage } from 'node:async_hooks';
import type SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  SelectQueryNode,
  SqliteDialect,
} from 'kysely';

/** A prepared statement for an SQL text, from a connection's statement cache. */
export type Preparer = (sql: string) => SQLite.Statement;

export interface Connexions {
  /** The one connection that writes: every transaction, every write, every stream. */
  ecrivain: Preparer;
  /** True while the writer is inside a transaction (SQLite may roll one back on its own). */
  ecrivainEnTransaction: () => boolean;
  /** A second connection for the selects made outside a transaction; none for `:memory:`. */
  lecteur: Preparer | null;
  /**
   * Another writer of the file to hold off while this one writes (the sales' thread,
   * sqlite-ventes.ts): taken before the first statement, given back once the writer is idle.
   */
  exclusion?: { prendre: () => Promise<void>; rendre: () => void };
  fermer: () => Promise<void> | void;
}

const groupables = new AsyncLocalStorage<true>();

/**
 * Runs `ecrire` with its SQLite transactions allowed to share their COMMIT (a sale: short, and
 * frequent at busy tills). Outside SQLite, or when no other sale waits, it changes nothing.
 */
export const transactionsGroupees = <T>(ecrire: () => Promise<T>): Promise<T> =>
  groupables.run(true, ecrire);

/** The most sales whose answers wait for one COMMIT. */
const MAX_GROUPE = 32;
const SAVEPOINT = 'comptoir_groupe';

interface Attente {
  groupable: boolean;
  entrer: () => void;
}

interface Engagement {
  ok: () => void;
  ko: (error: unknown) => void;
}

/**
 * Kysely's driver for SQLite with shared commits. With `synchronous=FULL` each COMMIT waits for
 * the disk (about 2 ms here), and better-sqlite3 waits on the only thread: at ten busy tills that
 * was a quarter of the server's time. A sale's transaction (`transactionsGroupees`) runs in a
 * savepoint of a transaction kept open while the next one in line is a sale too (32 at most); with
 * nobody in line the COMMIT waits one turn of the event loop for the requests already arrived, and
 * each sale is answered only once that COMMIT has reached the disk: an answered sale is as durable
 * as before. A sale that fails rolls back its savepoint only. Selects made outside a transaction go to a second connection, without waiting for the
 * writer: in WAL mode they see the last COMMIT, so never a sale not yet on disk. Other
 * transactions and writes run alone, as with Kysely's own driver, after the open group's COMMIT.
 */
export class PiloteGroupe implements Driver {
  readonly #c: Connexions;
  readonly #file: Attente[] = [];
  #occupe = false;
  #groupeOuvert = false;
  #engagements: Engagement[] = [];
  #differe = false;
  /** The other writer (`exclusion`) is held off. */
  #exclu = false;

  constructor(connexions: Connexions) {
    this.#c = connexions;
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new Connexion(this);
  }

  async beginTransaction(c: Connexion): Promise<void> {
    c.groupable = groupables.getStore() === true;
    await this.prendre(c);
    if (this.#groupeOuvert && !c.groupable) this.vider();
    c.transaction = true;
    if (!c.groupable) return void this.executer(c, CompiledQuery.raw('begin'));
    if (!this.#groupeOuvert) {
      this.executer(c, CompiledQuery.raw('begin'));
      this.#groupeOuvert = true;
    }
    this.executer(c, CompiledQuery.raw(`savepoint ${SAVEPOINT}`));
  }

  async commitTransaction(c: Connexion): Promise<void> {
    // A failure leaves `c.transaction` set: Kysely then calls rollbackTransaction.
    this.executer(c, CompiledQuery.raw(c.groupable ? `release ${SAVEPOINT}` : 'commit'));
    c.transaction = false;
    if (!c.groupable) return;
    const engage = new Promise<void>((ok, ko) => this.#engagements.push({ ok, ko }));
    this.rendre(c);
    await engage;
  }

  async rollbackTransaction(c: Connexion): Promise<void> {
    if (!c.transaction) return;
    c.transaction = false;
    if (!this.#c.ecrivainEnTransaction())
      return this.perdre(new Error('SQLite a annulé la transaction'));
    if (!c.groupable) return void this.executer(c, CompiledQuery.raw('rollback'));
    try {
      this.executer(c, CompiledQuery.raw(`rollback to ${SAVEPOINT}`));
      this.executer(c, CompiledQuery.raw(`release ${SAVEPOINT}`));
    } catch (error) {
      if (this.#c.ecrivainEnTransaction()) this.executer(c, CompiledQuery.raw('rollback'));
      this.perdre(error);
      throw error;
    }
  }

  async releaseConnection(c: Connexion): Promise<void> {
    this.rendre(c);
  }

  async destroy(): Promise<void> {
    if (this.#groupeOuvert) {
      // A sale still in its savepoint (closing while it runs) is undone, not committed half-way:
      // it has not been answered. The sales before it in the group are committed and answered.
      if (this.#occupe)
        try {
          this.#c.ecrivain(`rollback to ${SAVEPOINT}`).run();
        } catch {
          // Its savepoint not begun yet: nothing of it to undo.
        }
      this.vider();
    }
    await this.#c.fermer();
  }

  /** A statement of `c`: a select outside any transaction on the reader, the rest on the writer. */
  async requete(c: Connexion, q: CompiledQuery): Promise<QueryResult<unknown>> {
    if (!c.transaction && this.#c.lecteur && this.lecture(q))
      return { rows: this.#c.lecteur(q.sql).all(q.parameters) };
    if (!c.tient) await this.prendre(c);
    if (this.#groupeOuvert && !c.transaction) this.vider();
    return this.executer(c, q);
  }

  /**
   * A select: built by Kysely, or written in SQL (reports, searches) as a `select` or `with` that
   * SQLite finds writes nothing (a `with … insert` does; a PRAGMA stays on the writer).
   */
  private lecture(q: CompiledQuery): boolean {
    if (SelectQueryNode.is(q.query)) return true;
    return /^\s*(select|with)\b/i.test(q.sql) && this.#c.lecteur!(q.sql).readonly;
  }

  async *flux(c: Connexion, q: CompiledQuery): AsyncIterableIterator<QueryResult<unknown>> {
    if (!SelectQueryNode.is(q.query)) throw new Error('Seuls les select se lisent en flux');
    if (!c.tient) await this.prendre(c);
    if (this.#groupeOuvert && !c.transaction) this.vider();
    for (const row of this.#c.ecrivain(q.sql).iterate(q.parameters)) yield { rows: [row] };
  }

  executer(c: Connexion, q: CompiledQuery): QueryResult<unknown> {
    if (!c.tient) throw new Error('Connexion SQLite utilisée sans son verrou');
    const statement = this.#c.ecrivain(q.sql);
    if (statement.reader) return { rows: statement.all(q.parameters) };
    const { changes, lastInsertRowid } = statement.run(q.parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }

  /** The writer for `c`, in line behind the others (first come, first served). */
  private async prendre(c: Connexion): Promise<void> {
    if (c.tient) return;
    if (this.#occupe)
      await new Promise<void>((entrer) => this.#file.push({ groupable: c.groupable, entrer }));
    this.#occupe = true;
    c.tient = true;
    if (this.#c.exclusion && !this.#exclu) {
      await this.#c.exclusion.prendre();
      this.#exclu = true;
    }
  }

  /**
   * Hands the writer to the next in line. An open group goes on with a sale; another user has it
   * committed first. With nobody in line its COMMIT waits for the requests already arrived (one
   * turn of the event loop: setImmediate), which may bring sales to share it.
   */
  private rendre(c: Connexion): void {
    if (!c.tient) return;
    c.tient = false;
    if (this.#groupeOuvert && (this.#file.length > 0 || this.#engagements.length >= MAX_GROUPE))
      this.engager();
    else if ((this.#groupeOuvert || this.#exclu) && !this.#differe) {
      this.#differe = true;
      setImmediate(() => {
        this.#differe = false;
        if (this.#occupe) return;
        if (this.#groupeOuvert) this.engager();
        // A transaction SQLite still holds open (begun by hand) keeps the other writer off.
        if (!this.#groupeOuvert && this.#exclu && !this.#c.ecrivainEnTransaction()) {
          this.#exclu = false;
          this.#c.exclusion!.rendre();
        }
      });
    }
    const suivant = this.#file.shift();
    if (suivant) suivant.entrer();
    else this.#occupe = false;
  }

  /** The group's COMMIT unless the next in line is a sale that can join it. */
  private engager(): void {
    if (this.#file[0]?.groupable === true && this.#engagements.length < MAX_GROUPE) return;
    try {
      this.vider();
    } catch {
      // The group's sales are told (vider); the one releasing the writer has its answer.
    }
  }

  /** The COMMIT of the open group; its sales are answered once it is on disk, or told it failed. */
  private vider(): void {
    const engagements = this.#engagements;
    this.#engagements = [];
    this.#groupeOuvert = false;
    try {
      this.#c.ecrivain('commit').run();
    } catch (error) {
      if (this.#c.ecrivainEnTransaction()) this.#c.ecrivain('rollback').run();
      for (const e of engagements) e.ko(error);
      throw error;
    }
    for (const e of engagements) e.ok();
  }

  /** SQLite rolled the whole transaction back: the group's sales waiting for it are lost. */
  private perdre(error: unknown): void {
    const engagements = this.#engagements;
    this.#engagements = [];
    this.#groupeOuvert = false;
    for (const e of engagements) e.ko(error);
  }
}

/** One use of the writer by Kysely (a query, a transaction, `db.connection()`). */
class Connexion implements DatabaseConnection {
  tient = false;
  transaction = false;
  groupable = false;
  constructor(private readonly pilote: PiloteGroupe) {}
  executeQuery<R>(q: CompiledQuery): Promise<QueryResult<R>> {
    return this.pilote.requete(this, q) as Promise<QueryResult<R>>;
  }
  streamQuery<R>(q: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    return this.pilote.flux(this, q) as AsyncIterableIterator<QueryResult<R>>;
  }
}

/** SQLite's dialect with the driver above (`SqliteDialect`'s compiler, adapter, introspector). */
export class DialecteGroupe extends SqliteDialect {
  readonly #connexions: Connexions;
  constructor(connexions: Connexions) {
    super({ database: {} as never });
    this.#connexions = connexions;
  }
  override createDriver(): Driver {
    return new PiloteGroupe(this.#connexions);
  }
}
