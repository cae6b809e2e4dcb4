import type { ColumnDefinitionBuilder } from 'kysely';
import type { Dialect } from './database.js';

export interface MigrationContext {
  dialect: Dialect;
}

/** An auto-increment integer primary key on either database. */
export function idColumn(
  c: ColumnDefinitionBuilder,
  ctx: MigrationContext,
): ColumnDefinitionBuilder {
  return ctx.dialect === 'postgres'
    ? c.primaryKey().generatedByDefaultAsIdentity()
    : c.primaryKey().autoIncrement();
}

export const blobType = (ctx: MigrationContext) => (ctx.dialect === 'postgres' ? 'bytea' : 'blob');
