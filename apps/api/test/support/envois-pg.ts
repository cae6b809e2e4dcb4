import pg from 'pg';

/** A statement sent by node-pg: its text, whether another was in flight on its connection. */
export interface EnvoiPg {
  texte: string;
  apresUnAutre: boolean;
  /** The node-pg client it was sent on. */
  client: unknown;
}

/**
 * Records every statement node-pg sends, in order, until `retirer()` (PostgreSQL tests of what
 * travels on the wire: BEGIN and COMMIT sent without waiting, db/pg-nommees.ts).
 */
export function espionnerEnvois(): { envois: EnvoiPg[]; retirer: () => void } {
  const envois: EnvoiPg[] = [];
  const send = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const c = this as unknown as { _activeQuery?: unknown; _sentQueryQueue?: unknown[] };
    const texte =
      typeof args[0] === 'string' ? args[0] : String((args[0] as { text?: string }).text);
    envois.push({
      texte,
      apresUnAutre: Boolean(c._activeQuery || c._sentQueryQueue?.length),
      client: this,
    });
    return (send as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof send;
  return { envois, retirer: () => void (pg.Client.prototype.query = send) };
}
