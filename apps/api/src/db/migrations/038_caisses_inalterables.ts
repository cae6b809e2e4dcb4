import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-helpers.js';
import { triggersOf } from './019_journal.js';

/**
 * The cash records are inalterable as the documents are (docs/regles-metier.md « Journal
 * inaltérable », migration 019): the database refuses to delete a session or a cash movement.
 * A movement (apport, retrait, dépense payée en caisse, MC-…) never changes: no code updates it,
 * its expense is a row of `depenses`. A session keeps its register, float, opener and opening
 * time; its closing (caisses.cloture.ts) updates it twice in one transaction — the status and
 * who closed it, then the Z (number, variance, frozen report) —, after which it changes no more:
 * once closed its status and closer stay, once its Z is written nothing moves.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  const statements = [
    ...triggersOf(ctx, 'caisse_mouvements', null),
    ...triggersOf(
      ctx,
      'caisse_sessions',
      ['id', 'service_id', 'caisse_id', 'fond', 'ouvert_par', 'ouverte_le'],
      [
        'old.numero_z is not null',
        `(old.statut = 'cloturee' and (old.statut is distinct from new.statut or old.cloturee_par is distinct from new.cloturee_par or old.cloturee_le is distinct from new.cloturee_le))`,
      ].join(' or '),
    ),
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
