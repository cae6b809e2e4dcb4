import type { Kysely, Transaction } from 'kysely';
import { conflict, notFound } from '../../core/errors.js';
import { isPostgres } from '../../db/database.js';
import { figee } from '../../db/figees.js';
import type { DB } from '../../db/schema.js';

/** The select of lockOpenSession, built once (db/figees.ts). */
const sessionOuverte = figee((db: Kysely<DB>, caisseId: number, serviceId: number) => {
  const query = db
    .selectFrom('caisse_sessions')
    .select('id')
    .where('caisse_id', '=', caisseId)
    .where('service_id', '=', serviceId)
    .where('statut', '=', 'ouverte');
  return isPostgres(db) ? query.forShare() : query;
});

/**
 * The open session of a register, inside the caller's transaction (a sale, a return, a repayment,
 * a cash movement): its id, or 409 when the register has no open session (never opened, or closed),
 * 404 when the register is not the shop's. On PostgreSQL the session row is held FOR SHARE until
 * the document commits: a closing (an UPDATE of that row) waits for the documents in progress and
 * then counts them; a document arriving after the closing took the row finds it closed (409).
 * SQLite has one writer: the document and the closing never overlap.
 */
export async function lockOpenSession(
  trx: Transaction<DB>,
  serviceId: number,
  caisseId: number,
): Promise<number> {
  const [session] = await sessionOuverte(trx, caisseId, serviceId);
  if (session) return session.id;
  const caisse = await findCaisse(trx, serviceId, caisseId);
  throw conflict(
    `La caisse « ${caisse.nom} » n’a pas de session ouverte : ouvrez-la avant d’encaisser (rien n’a été enregistré).`,
  );
}

/** The session of a document when it names a register, else null (back-office, no money). */
export const documentSession = (
  trx: Transaction<DB>,
  serviceId: number,
  caisseId: number | undefined,
): Promise<number | null> =>
  caisseId === undefined ? Promise.resolve(null) : lockOpenSession(trx, serviceId, caisseId);

export async function findCaisse(db: Kysely<DB>, serviceId: number, caisseId: number) {
  const caisse = await db
    .selectFrom('caisses')
    .selectAll()
    .where('id', '=', caisseId)
    .where('service_id', '=', serviceId)
    .executeTakeFirst();
  if (!caisse) throw notFound('Caisse introuvable.');
  return caisse;
}
