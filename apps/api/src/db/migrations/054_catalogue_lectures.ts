import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-helpers.js';

/**
 * Reads of a catalogue of 100,000 products (issue 18).
 *
 * Both databases: the category and brand indexes go on with the name's sort key and the id, so
 * that the list of one category or brand, in name order, walks its index (8 entries for a page)
 * and counts it without reading the table; PostgreSQL gathered and sorted the category's 2,500
 * products on every page (4 to 6 ms). They replace the indexes of migration 003, of which they
 * are an extension (same first columns).
 *
 * The number of products of each shop, kept by the database, for the total of the unfiltered
 * product list: `count(*)` over 100,000 products reads the whole index on every page of the list
 * (PostgreSQL 5 to 10 ms, SQLite 1 to 3 ms); this row is read in one lookup. PostgreSQL: statement
 * triggers with their transition tables (one update per statement, whatever the number of rows:
 * an import of 100,000 products makes one); SQLite has row triggers only (one upsert per product).
 * Built here for the products already there.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  const pg = ctx.dialect === 'postgres';
  // SQLite's indexes end with the rowid (the id) by themselves.
  for (const colonne of ['categorie', 'marque']) {
    await sql`drop index ${sql.raw(`produits_${colonne}_idx`)}`.execute(db);
    await sql`create index ${sql.raw(`produits_${colonne}_idx`)}
      on produits (service_id, ${sql.raw(`${colonne}_id`)}, nom_tri${sql.raw(pg ? ', id' : '')})`.execute(
      db,
    );
  }
  await sql`create table produits_comptes (
    service_id integer primary key references services (id) on delete cascade,
    n bigint not null
  )`.execute(db);
  await (pg ? postgresTriggers(db) : sqliteTriggers(db));
  await sql`insert into produits_comptes (service_id, n)
    select service_id, count(*) from produits group by service_id`.execute(db);
}

/** A shop deleted with its products: its row goes with it (cascade), the update finds nothing. */
async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`create trigger produits_comptes_ai after insert on produits begin
    insert into produits_comptes (service_id, n) values (new.service_id, 1)
      on conflict (service_id) do update set n = n + 1;
  end`.execute(db);
  await sql`create trigger produits_comptes_ad after delete on produits begin
    update produits_comptes set n = n - 1 where service_id = old.service_id;
  end`.execute(db);
  // A product never changes shop; should one, it is counted out of the old and into the new.
  await sql`create trigger produits_comptes_au after update of service_id on produits
    when old.service_id is not new.service_id begin
    update produits_comptes set n = n - 1 where service_id = old.service_id;
    insert into produits_comptes (service_id, n) values (new.service_id, 1)
      on conflict (service_id) do update set n = n + 1;
  end`.execute(db);
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`create function produits_comptes_ajout() returns trigger language plpgsql as $$
    begin
      insert into produits_comptes (service_id, n)
        select service_id, count(*) from nouveaux group by service_id
        on conflict (service_id) do update set n = produits_comptes.n + excluded.n;
      return null;
    end $$`.execute(db);
  await sql`create function produits_comptes_retrait() returns trigger language plpgsql as $$
    begin
      update produits_comptes c set n = c.n - a.n
        from (select service_id, count(*) as n from anciens group by service_id) a
        where c.service_id = a.service_id;
      return null;
    end $$`.execute(db);
  await sql`create trigger produits_comptes_ai after insert on produits
    referencing new table as nouveaux for each statement execute function produits_comptes_ajout()`.execute(
    db,
  );
  await sql`create trigger produits_comptes_ad after delete on produits
    referencing old table as anciens for each statement execute function produits_comptes_retrait()`.execute(
    db,
  );
  // A product never changes shop; should one, it is counted out of the old and into the new.
  await sql`create function produits_comptes_deplacement() returns trigger language plpgsql as $$
    begin
      update produits_comptes set n = n - 1 where service_id = old.service_id;
      insert into produits_comptes (service_id, n) values (new.service_id, 1)
        on conflict (service_id) do update set n = produits_comptes.n + 1;
      return null;
    end $$`.execute(db);
  await sql`create trigger produits_comptes_au after update of service_id on produits
    for each row when (old.service_id is distinct from new.service_id)
    execute function produits_comptes_deplacement()`.execute(db);
}
