import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migration-helpers.js';

/**
 * SQLite: the trigram index of product searches (migration 006) made exact, so that a search's
 * total is counted in the index alone (issue 18: 5,000 matches among 100,000 products read 5,000
 * rows of the product table only to re-check them with LIKE).
 *
 * Case-sensitive trigrams over the texts as LIKE compares them: LIKE folds ASCII letters only, so
 * the indexed texts are folded the same way (`A`–`Z` to `a`–`z`, in SQL: no function of the
 * application), and a phrase of the lower-cased text then matches exactly the rows that
 * `LIKE '%text%'` keeps (a phrase of trigrams is a substring). The table keeps no copy of the
 * texts (contentless, rows deleted by rowid). A third column, `filtre` (`#shop#active`, e.g.
 * `#3#1`), lets the index restrict a search to one shop, and to its active products.
 * PostgreSQL has its trigram indexes (migration 005).
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  if (ctx.dialect !== 'sqlite') return;
  for (const t of ['ai', 'ad', 'au'])
    await sql`drop trigger ${sql.raw(`produits_recherche_${t}`)}`.execute(db);
  await sql`drop table produits_recherche`.execute(db);
  await sql`create virtual table produits_recherche using fts5(nom_recherche, reference, filtre,
    content='', contentless_delete=1, tokenize='trigram case_sensitive 1')`.execute(db);
  const ligne = (p: 'new' | 'produits') =>
    sql.raw(
      `${p}.id, ${asciiLower(`${p}.nom_recherche`)}, ${asciiLower(`${p}.reference`)}, '#' || ${p}.service_id || '#' || ${p}.actif`,
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

/**
 * `A`–`Z` to `a`–`z`, every other character kept: what SQLite's LIKE folds. Not `lower()`, which
 * the application replaces by a Unicode one on its connection (database.ts).
 */
function asciiLower(expression: string): string {
  let folded = expression;
  for (let c = 65; c <= 90; c++)
    folded = `replace(${folded}, '${String.fromCharCode(c)}', '${String.fromCharCode(c + 32)}')`;
  return folded;
}
