import type { Kysely } from 'kysely';
import {
  gtinZeroPaddings,
  isWholeQuantity,
  produitImportLigneSchema,
  randomInStoreEan13,
  searchKey,
  type FieldError,
  type ProduitImportLigneData,
  type ProduitImportResult,
  frenchSortKey,
} from '@comptoir/shared';
import type { AuthUser } from '../../core/authenticate.js';
import type { AppContext } from '../../core/context.js';
import { validationError } from '../../core/errors.js';
import type { DB } from '../../db/schema.js';
import { nowIso } from '../../db/time.js';
import { recordOpeningStock } from '../stock/stock.service.js';
import { refreshStatistics } from '../../db/statistics.js';
import { compacterRecherche } from './produits.recherche.js';

const MAX_REPORTED = 500;
const key = (text: string) => text.toLowerCase();

/** What the shop already holds, to check a whole file without a query per row. */
async function loadShop(db: Kysely<DB>, serviceId: number) {
  const unites = await db.selectFrom('unites').selectAll().execute();
  const byUnit = new Map<string, (typeof unites)[number]>();
  for (const u of unites) {
    byUnit.set(key(u.nom), u);
    byUnit.set(key(u.symbole), u);
  }
  const named = async (table: 'categories' | 'marques') =>
    new Map(
      (
        await db
          .selectFrom(table)
          .select(['id', 'nom_cle'])
          .where('service_id', '=', serviceId)
          .execute()
      ).map((r) => [r.nom_cle, r.id]),
    );
  const held = await db
    .selectFrom('produits')
    .select(['nom', 'reference', 'code_barres'])
    .where('service_id', '=', serviceId)
    .execute();
  return {
    byUnit,
    categories: await named('categories'),
    marques: await named('marques'),
    references: new Map(held.filter((p) => p.reference).map((p) => [p.reference!, `« ${p.nom} »`])),
    barcodes: new Map(
      held.filter((p) => p.code_barres).map((p) => [p.code_barres!, `« ${p.nom} »`]),
    ),
  };
}

/**
 * Tables an import writes, analysed once it is committed (`produits_recherche`: PostgreSQL's search
 * table, migration 055; unknown to its planner, it would be scanned whole; nothing on SQLite).
 */
const IMPORT_TABLES = [
  'produits',
  'produits_recherche',
  'mouvements_stock',
  'categories',
  'marques',
];

/** Told after every block of rows checked, then written; awaited (the stream flushes there). */
export type ImportProgress = (
  etape: 'controle' | 'ecriture',
  faites: number,
  total: number,
) => Promise<void>;
const PROGRESS_EVERY = 1000;

interface Checked {
  ligne: ProduitImportLigneData;
  uniteId: number;
}

/**
 * Checks every row (all errors at once, `lignes.<index>.<champ>`, « Ligne N : … » with N counted
 * from 1), then, unless `dryRun`, writes everything in one transaction: missing categories (and
 * brands, for the owner), products, and the opening stock as 'initial' movements.
 */
export async function importProduits(
  ctx: AppContext,
  user: AuthUser,
  service: { id: number; owner_id: number },
  lignes: unknown[],
  dryRun: boolean,
  progress?: ImportProgress,
): Promise<ProduitImportResult> {
  const { db } = ctx.database;
  const shop = await loadShop(db, service.id);
  const isOwner = service.owner_id === user.id;
  const errors: FieldError[] = [];
  let badRows = 0;
  const checked: Checked[] = [];
  const newCategories = new Map<string, string>();
  const newMarques = new Map<string, string>();
  for (const [index, raw] of lignes.entries()) {
    if (progress && index > 0 && index % PROGRESS_EVERY === 0)
      await progress('controle', index, lignes.length);
    const rowErrors: FieldError[] = [];
    const fail = (field: string, message: string) =>
      rowErrors.push({
        field: `lignes.${index}.${field}`,
        message: `Ligne ${index + 1} : ${message}`,
      });
    const parsed = produitImportLigneSchema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) fail(issue.path.join('.') || 'ligne', issue.message);
    } else {
      const l = parsed.data;
      const unite = shop.byUnit.get(key(l.unite));
      if (!unite) fail('unite', `l'unité « ${l.unite} » n'existe pas.`);
      else if (unite.fractionnable !== 1) {
        if (!isWholeQuantity(l.stockInitial))
          fail(
            'stockInitial',
            `l'unité « ${unite.nom} » ne se fractionne pas : le stock initial doit être un nombre entier.`,
          );
        if (!isWholeQuantity(l.seuilAlerte))
          fail(
            'seuilAlerte',
            `l'unité « ${unite.nom} » ne se fractionne pas : le seuil d'alerte doit être un nombre entier.`,
          );
      }
      if (l.reference) {
        const holder = shop.references.get(l.reference);
        if (holder)
          fail('reference', `la référence ${l.reference} est déjà utilisée par ${holder}.`);
        else shop.references.set(l.reference, `la ligne ${index + 1}`);
      }
      if (l.codeBarres) {
        const holder = shop.barcodes.get(l.codeBarres);
        // A code of digits whose leading zeros a spreadsheet dropped: the same GTIN as a held one.
        const padded = gtinZeroPaddings(l.codeBarres).find((c) => shop.barcodes.has(c));
        if (holder)
          fail('codeBarres', `le code-barres ${l.codeBarres} est déjà utilisé par ${holder}.`);
        else if (padded)
          fail(
            'codeBarres',
            `le code-barres ${l.codeBarres} est celui de ${shop.barcodes.get(padded)} (${padded}) sans ses zéros de tête, qu'un tableur efface d'un nombre : écrivez-le en entier.`,
          );
        else shop.barcodes.set(l.codeBarres, `la ligne ${index + 1}`);
      }
      if (l.categorie && !shop.categories.has(key(l.categorie)))
        newCategories.set(key(l.categorie), l.categorie);
      if (l.marque && !shop.marques.has(key(l.marque))) {
        if (isOwner) newMarques.set(key(l.marque), l.marque);
        else
          fail(
            'marque',
            `la marque « ${l.marque} » n'existe pas ; seul le propriétaire peut en créer.`,
          );
      }
      if (unite && rowErrors.length === 0) checked.push({ ligne: l, uniteId: unite.id });
    }
    if (rowErrors.length) {
      badRows++;
      if (errors.length < MAX_REPORTED) errors.push(...rowErrors);
    }
  }
  await progress?.('controle', lignes.length, lignes.length);
  if (badRows > 0) {
    throw validationError(
      errors.slice(0, MAX_REPORTED),
      `${badRows} ${badRows > 1 ? 'lignes comportent' : 'ligne comporte'} des erreurs : rien n'a été importé.`,
    );
  }
  const result = {
    lignes: lignes.length,
    importes: dryRun ? 0 : checked.length,
    categoriesCreees: [...newCategories.values()],
    marquesCreees: [...newMarques.values()],
  };
  if (dryRun) return result;

  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    for (const [table, created, ids] of [
      ['categories', newCategories, shop.categories],
      ['marques', newMarques, shop.marques],
    ] as const) {
      for (const [cle, nom] of created) {
        const { id } = await trx
          .insertInto(table)
          .values({
            service_id: service.id,
            nom,
            nom_cle: cle,
            nom_tri: frenchSortKey(nom),
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        ids.set(cle, id);
      }
    }
    const rows = checked.map(({ ligne: l, uniteId }) => {
      let code = l.codeBarres;
      while (!code) {
        const candidate = randomInStoreEan13();
        if (!shop.barcodes.has(candidate)) {
          shop.barcodes.set(candidate, 'import');
          code = candidate;
        }
      }
      return {
        service_id: service.id,
        nom: l.nom,
        nom_recherche: searchKey(l.nom),
        nom_tri: frenchSortKey(l.nom),
        reference: l.reference,
        code_barres: code,
        categorie_id: l.categorie ? shop.categories.get(key(l.categorie))! : null,
        marque_id: l.marque ? shop.marques.get(key(l.marque))! : null,
        unite_id: uniteId,
        prix_achat: l.prixAchat,
        prix_vente: l.prixVente,
        prix_gros: l.prixGros,
        taux_tva: l.tauxTva,
        seuil_alerte: l.seuilAlerte,
        quantite: l.stockInitial,
        image_file_id: null,
        description: null,
        actif: 1,
        created_at: now,
        updated_at: now,
      };
    });
    for (let i = 0; i < rows.length; i += 500) {
      const batch = rows.slice(i, i + 500);
      const inserted = await trx
        .insertInto('produits')
        .values(batch)
        .returning(['id', 'code_barres'])
        .execute();
      const byCode = new Map(batch.map((r) => [r.code_barres, r]));
      await recordOpeningStock(
        trx,
        service.id,
        user.id,
        inserted.map((r) => ({
          produitId: r.id,
          quantite: byCode.get(r.code_barres!)?.quantite ?? 0,
          cump: byCode.get(r.code_barres!)?.prix_achat ?? 0,
        })),
      );
      if (progress && (i + batch.length) % PROGRESS_EVERY === 0 && i + batch.length < rows.length)
        await progress('ecriture', i + batch.length, rows.length);
    }
    await progress?.('ecriture', rows.length, rows.length);
  });
  // A large import changes the shape of the catalogue: tell the query planner now rather than at
  // the next automatic refresh (a failure only delays it: the import itself is committed).
  await refreshStatistics(ctx.database, IMPORT_TABLES).catch(() => {});
  await compacterRecherche(ctx.database).catch(() => {});
  return result;
}
