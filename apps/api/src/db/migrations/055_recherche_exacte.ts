import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-helpers.js';

/**
 * SQLite: the trigram index of product searches (migration 006) made exact, so that a search's
 * total is counted in the index alone (issue 18: 5,000 matches among 100,000 products read 5,000
 * rows of the product table only to re-check them with LIKE).
 *
 * Case-sensitive trigrams over the texts as LIKE compares them: LIKE folds ASCII letters only, and
 * so does SQLite's own `upper()` (the application replaces `lower()` alone, database.ts), so the
 * indexed texts are upper-cased by it, and a phrase of the text upper-cased the same way then
 * matches exactly the rows that `LIKE '%text%'` keeps (a phrase of trigrams is a substring; 52
 * `replace()` to fold in SQL cost 1.3 s per 100,000 products). The table keeps no copy of the
 * texts (contentless, rows deleted by rowid). A third column, `filtre` (`#shop#active`, e.g.
 * `#3#1`), lets the index restrict a search to one shop, and to its active products.
 *
 * PostgreSQL: the texts of a search and the name's sort key, in a narrow table of their own
 * (`produits_recherche`) that carries the trigram indexes of migration 005 (dropped from
 * `produits`). A trigram index only narrows the candidates: each one is read again for the exact
 * LIKE, and the sort needs its key; 5,000 matches spread over 100,000 products read nearly every
 * page of the table, 3,500 for `produits` (21 columns) against about 1,800 here. Kept by triggers:
 * one statement per insertion or deletion whatever the number of rows (transition tables), one
 * row per update of these columns (never a sale's change of quantity).
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  if (ctx.dialect !== 'sqlite') return postgres(db);
  for (const t of ['ai', 'ad', 'au'])
    await sql`drop trigger ${sql.raw(`produits_recherche_${t}`)}`.execute(db);
  await sql`drop table produits_recherche`.execute(db);
  await sql`create virtual table produits_recherche using fts5(nom_recherche, reference, filtre,
    content='', contentless_delete=1, tokenize='trigram case_sensitive 1')`.execute(db);
  const ligne = (p: 'new' | 'produits') =>
    sql.raw(
      `${p}.id, upper(${p}.nom_recherche), upper(${p}.reference), '#' || ${p}.service_id || '#' || ${p}.actif`,
    );
  const colonnes = sql.raw('rowid, nom_recherche, reference, filtre');
  await sql`create trigger produits_recherche_ai after insert on produits begin
    insert into produits_recherche (${colonnes}) values (${ligne('new')});
  end`.execute(db);
  await sql`create trigger produits_recherche_ad after delete on produits begin
    delete from produits_recherche where rowid = old.id;
  end`.execute(db);
  await sql`create trigger produits_recherche_au
    after update of nom_recherche, reference, service_id, actif on produits begin
    delete from produits_recherche where rowid = old.id;
    insert into produits_recherche (${colonnes}) values (${ligne('new')});
  end`.execute(db);
  await sql`insert into produits_recherche (${colonnes}) select ${ligne('produits')} from produits`.execute(
    db,
  );
}

const TEXTES = 'id, service_id, nom_recherche, reference, code_barres, actif, nom_tri';

async function postgres(db: Kysely<unknown>): Promise<void> {
  await sql`create table produits_recherche (
    id integer primary key,
    service_id integer not null,
    nom_recherche varchar(150) not null,
    reference varchar(64),
    code_barres varchar(48),
    actif integer not null,
    nom_tri text collate "C" not null
  )`.execute(db);
  await sql`insert into produits_recherche (${sql.raw(TEXTES)})
    select ${sql.raw(TEXTES)} from produits`.execute(db);
  await sql`create index produits_recherche_code_barres_idx
    on produits_recherche (service_id, code_barres)`.execute(db);
  const { rows } = await sql`select 1 from pg_extension where extname = 'pg_trgm'`.execute(db);
  if (rows.length > 0) {
    await sql`drop index if exists produits_nom_trgm_idx`.execute(db);
    await sql`drop index if exists produits_reference_trgm_idx`.execute(db);
    await sql`create index produits_recherche_nom_trgm_idx
      on produits_recherche using gin (nom_recherche gin_trgm_ops)`.execute(db);
    await sql`create index produits_recherche_reference_trgm_idx
      on produits_recherche using gin (reference gin_trgm_ops)`.execute(db);
  }
  await sql`create function produits_recherche_ajout() returns trigger language plpgsql as $$
    begin
      insert into produits_recherche (${sql.raw(TEXTES)}) select ${sql.raw(TEXTES)} from nouveaux;
      return null;
    end $$`.execute(db);
  await sql`create function produits_recherche_retrait() returns trigger language plpgsql as $$
    begin
      delete from produits_recherche r using anciens a where r.id = a.id;
      return null;
    end $$`.execute(db);
  await sql`create function produits_recherche_modification() returns trigger language plpgsql as $$
    begin
      update produits_recherche set service_id = new.service_id, nom_recherche = new.nom_recherche,
        reference = new.reference, code_barres = new.code_barres, actif = new.actif,
        nom_tri = new.nom_tri
        where id = new.id;
      return null;
    end $$`.execute(db);
  await sql`create trigger produits_recherche_ai after insert on produits
    referencing new table as nouveaux for each statement
    execute function produits_recherche_ajout()`.execute(db);
  await sql`create trigger produits_recherche_ad after delete on produits
    referencing old table as anciens for each statement
    execute function produits_recherche_retrait()`.execute(db);
  await sql`create trigger produits_recherche_au
    after update of service_id, nom_recherche, reference, code_barres, actif, nom_tri on produits
    for each row when ((old.service_id, old.nom_recherche, old.reference, old.code_barres,
      old.actif, old.nom_tri) is distinct from (new.service_id, new.nom_recherche, new.reference,
      new.code_barres, new.actif, new.nom_tri))
    execute function produits_recherche_modification()`.execute(db);
}
