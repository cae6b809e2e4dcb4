import type { Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-helpers.js';

/**
 * Pending invitations of managers (modules/invitations): an owner invites an e-mail address to
 * some of their shops, whether it has an account or not; the invitation holds a hashed single-use
 * key and becomes a membership only when the invitee accepts. One pending invitation per owner and
 * address.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('invitations')
    .addColumn('id', 'integer', (c) => idColumn(c, ctx))
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('sent_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('invitations_owner_email_key', ['owner_id', 'email'])
    .execute();
  await db.schema
    .createIndex('invitations_expires_idx')
    .on('invitations')
    .column('expires_at')
    .execute();
  await db.schema
    .createTable('invitation_services')
    .addColumn('invitation_id', 'integer', (c) =>
      c.notNull().references('invitations.id').onDelete('cascade'),
    )
    .addColumn('service_id', 'integer', (c) =>
      c.notNull().references('services.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('invitation_services_pkey', ['invitation_id', 'service_id'])
    .execute();
  await db.schema
    .createIndex('invitation_services_service_idx')
    .on('invitation_services')
    .column('service_id')
    .execute();
}
