import type { Kysely, Transaction } from 'kysely';
import type { JournalEntree, Page } from '@comptoir/shared';
import type { DB } from '../../db/schema.js';
import { offsetOf } from '../../db/paging.js';
import { journaliser } from './journal.append.js';

/**
 * The technical events journal, JET (docs/regles-metier.md « Journal des événements
 * techniques »): sign-ins, exports, archives, failed verifications, shop settings and price
 * changes, clock anomalies. Each is appended in its event's transaction to the shop's JET chain,
 * hashed like the sales journal (journal.append.ts, chain 'jet').
 */
export type TypeJet =
  | 'connexion'
  | 'export_fec'
  | 'export_archive'
  | 'archive'
  | 'verification_echec'
  | 'parametres_boutique'
  | 'prix'
  | 'anomalie_horloge';

export const jet = (
  trx: Transaction<DB>,
  serviceId: number,
  type: TypeJet,
  reference: string,
  contenu: Record<string, unknown>,
) => journaliser(trx, serviceId, { type, reference, contenu }, undefined, 'jet');

/** An event that is its own transaction (an export, a verification): the JET entry alone. */
export const jetSeul = (
  db: Kysely<DB>,
  serviceId: number,
  type: TypeJet,
  reference: string,
  contenu: Record<string, unknown>,
) => db.transaction().execute((trx) => jet(trx, serviceId, type, reference, contenu));

/**
 * A sign-in: one `connexion` entry in the JET of every shop the account may sell in (the shops
 * it owns, the shops it works in), in the sign-in's transaction. The platform admin has none.
 */
export async function jetConnexion(trx: Transaction<DB>, userId: number): Promise<void> {
  const shops = await trx
    .selectFrom('services')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('owner_id', '=', userId),
        eb(
          'id',
          'in',
          eb.selectFrom('service_members').select('service_id').where('user_id', '=', userId),
        ),
      ]),
    )
    .orderBy('id')
    .execute();
  for (const { id } of shops)
    await jet(trx, id, 'connexion', `U-${userId}`, { utilisateur: userId });
}

/** The changed fields of a record: `{ champ: { avant, apres } }`, or null when none changed. */
export function changements(
  avant: Record<string, unknown>,
  apres: Record<string, unknown>,
): Record<string, { avant: unknown; apres: unknown }> | null {
  const out: Record<string, { avant: unknown; apres: unknown }> = {};
  for (const [champ, valeur] of Object.entries(apres))
    if (valeur !== undefined && (avant[champ] ?? null) !== (valeur ?? null))
      out[champ] = { avant: avant[champ] ?? null, apres: valeur ?? null };
  return Object.keys(out).length ? out : null;
}

/** A page of the shop's JET, most recent first. */
export async function pageJet(
  db: Kysely<DB>,
  serviceId: number,
  q: { page: number; size: number },
): Promise<Page<JournalEntree>> {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('jet_entrees')
      .select(['sequence', 'type', 'reference', 'horodatage', 'contenu', 'hash_precedent', 'hash'])
      .where('service_id', '=', serviceId)
      .orderBy('sequence', 'desc')
      .limit(q.size)
      .offset(offsetOf(q))
      .execute(),
    db
      .selectFrom('jet_tetes')
      .select('sequence')
      .where('service_id', '=', serviceId)
      .executeTakeFirst(),
  ]);
  return {
    items: rows.map((r) => ({
      sequence: Number(r.sequence),
      type: r.type,
      reference: r.reference,
      horodatage: r.horodatage,
      contenu: r.contenu,
      hashPrecedent: r.hash_precedent,
      hash: r.hash,
    })),
    total: Number(total?.sequence ?? 0),
    page: q.page,
    size: q.size,
  };
}
