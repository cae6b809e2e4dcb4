import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-helpers.js';

/**
 * SQLite: a trigram full-text index of product names (search key) and references, kept by
 * triggers, that answers the "contains" searches (`LIKE '%…%'`) of a 100,000-product shop without
 * reading every row. PostgreSQL has its trigram indexes (migration 005).
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  if (ctx.dialect !== 'sqlite') return;
  await sql`create virtual table produits_recherche using fts5(nom_recherche, reference, content='produits', content_rowid='id', tokenize='trigram')`.execute(
    db,
  );
  await sql`create trigger produits_recherche_ai after insert on produits begin
    insert into produits_recherche(rowid, nom_recherche, reference) values (new.id, new.nom_recherche, new.reference);
  end`.execute(db);
  await sql`create trigger produits_recherche_ad after delete on produits begin
    insert into produits_recherche(produits_recherche, rowid, nom_recherche, reference) values ('delete', old.id, old.nom_recherche, old.reference);
  end`.execute(db);
  await sql`create trigger produits_recherche_au after update of nom_recherche, reference on produits begin
    insert into produits_recherche(produits_recherche, rowid, nom_recherche, reference) values ('delete', old.id, old.nom_recherche, old.reference);
    insert into produits_recherche(rowid, nom_recherche, reference) values (new.id, new.nom_recherche, new.reference);
  end`.execute(db);
  await sql`insert into produits_recherche(produits_recherche) values ('rebuild')`.execute(db);
}
