import { sql, type Kysely } from 'kysely';
import { idColumn, type MigrationContext } from '../migration-helpers.js';

/**
 * The inalterable journal (docs/regles-metier.md « Journal inaltérable »): one chain of entries
 * per shop (`journal_entrees`, its head `journal_tetes`, locked by each append), and the
 * triggers that refuse UPDATE and DELETE on the journal and on the lines and amounts of
 * validated documents. Derived columns (what is paid, returned, credited, the status, the
 * number of prints) stay writable: the frozen columns are listed one by one below.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('journal_entrees')
    .addColumn('id', 'integer', (c) => idColumn(c, ctx))
    .addColumn('service_id', 'integer', (c) => c.notNull().references('services.id'))
    .addColumn('sequence', 'bigint', (c) => c.notNull())
    .addColumn('type', 'varchar(30)', (c) => c.notNull())
    .addColumn('reference', 'varchar(64)', (c) => c.notNull())
    .addColumn('horodatage', 'varchar(32)', (c) => c.notNull())
    .addColumn('contenu', 'text', (c) => c.notNull())
    .addColumn('hash_precedent', 'varchar(64)', (c) => c.notNull())
    .addColumn('hash', 'varchar(64)', (c) => c.notNull())
    // Closures only: Ed25519 signature (base64) of the bytes the hash covers, by the installation key.
    .addColumn('signature', 'varchar(100)')
    .execute();
  await db.schema
    .createIndex('journal_entrees_sequence_uq')
    .on('journal_entrees')
    .columns(['service_id', 'sequence'])
    .unique()
    .execute();
  await db.schema
    .createIndex('journal_entrees_reference_idx')
    .on('journal_entrees')
    .columns(['service_id', 'type', 'reference'])
    .execute();
  // The head of a shop's chain: its last sequence and hash. Every append updates it first, which
  // locks it until the transaction ends (PostgreSQL): appends of one shop queue, the chain stays linear.
  await db.schema
    .createTable('journal_tetes')
    .addColumn('service_id', 'integer', (c) => c.primaryKey().references('services.id'))
    .addColumn('sequence', 'bigint', (c) => c.notNull())
    .addColumn('hash', 'varchar(64)', (c) => c.notNull())
    .execute();

  // The installation's Ed25519 key (one row): every instance on the database signs with it.
  await db.schema
    .createTable('journal_cle')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('cle_publique', 'text', (c) => c.notNull())
    .addColumn('cle_privee', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  if (ctx.dialect === 'postgres')
    await sql`create function comptoir_inalterable() returns trigger language plpgsql as $$
      begin
        raise exception 'Écriture refusée : % est inaltérable (%).', tg_table_name, tg_op
          using errcode = 'P0001';
      end $$`.execute(db);
  for (const [table, frozen] of Object.entries(FROZEN))
    for (const statement of triggersOf(ctx, table, frozen)) await sql.raw(statement).execute(db);
}

/**
 * Columns that never change once a document is written, per table; `null`: the whole row (no
 * UPDATE at all). Every table below also refuses DELETE.
 */
export const FROZEN: Record<string, readonly string[] | null> = {
  journal_entrees: null,
  journal_cle: null,
  ventes: [
    'service_id',
    'numero',
    'type_vente_id',
    'client_id',
    'user_id',
    'remise_type',
    'remise_valeur',
    'total_brut',
    'total_remises',
    'remise_globale',
    'total_ht',
    'total_tva',
    'total_ttc',
    'rendu',
    'created_at',
  ],
  vente_lignes: [
    'service_id',
    'vente_id',
    'position',
    'produit_id',
    'nom',
    'quantite',
    'prix_unitaire',
    'taux_tva',
    'prix_achat',
    'remise_type',
    'remise_valeur',
    'montant_brut',
    'remise_ligne',
    'remise_globale',
    'montant_ht',
    'montant_tva',
    'montant_ttc',
  ],
  paiements: null,
  retours: [
    'service_id',
    'vente_id',
    'numero',
    'mode',
    'mode_remboursement',
    'montant_ht',
    'montant_tva',
    'montant_ttc',
    'impute_dette',
    'rembourse',
    'avoir',
    'created_at',
  ],
  retour_lignes: null,
  reglements: ['service_id', 'client_id', 'mode', 'montant', 'retour_id', 'created_at'],
  reglement_allocations: null,
  factures: [
    'service_id',
    'numero',
    'client_id',
    'total_brut',
    'total_remises',
    'total_ht',
    'total_tva',
    'total_ttc',
    'created_at',
  ],
  facture_lignes: [
    'facture_id',
    'position',
    'vente_ligne_id',
    'quantite',
    'prix_unitaire_ht',
    'taux_tva',
    'remise',
    'montant_ht',
    'montant_tva',
    'montant_ttc',
  ],
  avoirs: ['service_id', 'numero', 'facture_id', 'montant_ht', 'montant_tva', 'montant_ttc'],
  avoir_lignes: null,
};

/**
 * The triggers of one table: DELETE refused, UPDATE refused (of any frozen column that changes, or
 * when `also` holds: a condition on `old` and `new` in PostgreSQL's words, `is distinct from`
 * written `is not` on SQLite).
 */
export function triggersOf(
  ctx: MigrationContext,
  table: string,
  frozen: readonly string[] | null,
  also?: string,
): string[] {
  const changed = [...(frozen ?? []).map((c) => `old.${c} is distinct from new.${c}`), also]
    .filter(Boolean)
    .join(' or ');
  if (ctx.dialect === 'postgres')
    return [
      `create trigger ${table}_inalterable_d before delete on ${table} for each row execute function comptoir_inalterable()`,
      `create trigger ${table}_inalterable_u before update on ${table} for each row${changed ? ` when (${changed})` : ''} execute function comptoir_inalterable()`,
    ];
  const raise = `begin select raise(abort, 'Écriture refusée : ${table} est inaltérable.'); end`;
  return [
    `create trigger ${table}_inalterable_d before delete on ${table} ${raise}`,
    `create trigger ${table}_inalterable_u before update on ${table}${changed ? ` when ${changed.replaceAll('is distinct from', 'is not')}` : ''} ${raise}`,
  ];
}
