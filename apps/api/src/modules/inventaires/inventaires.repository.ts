import { sql, type Kysely, type Selectable } from 'kysely';
import {
  AMOUNT_MAX,
  searchKey,
  stockValueExact,
  type Inventaire,
  type InventaireLigne,
  type InventaireLignesQuery,
  type InventairePerimetre,
  type InventaireResume,
  type InventaireStatut,
} from '@comptoir/shared';
import { businessRule, notFound } from '../../core/errors.js';
import { containsPattern, offsetOf } from '../../db/paging.js';
import type { DB, InventairesTable } from '../../db/schema.js';

/** Reads shared by the inventory operations: the session, its summary, its lines. */

export type InventaireRow = Selectable<InventairesTable>;

export async function findInventaire(
  db: Kysely<DB>,
  serviceId: number,
  id: number,
): Promise<InventaireRow> {
  const row = await db
    .selectFrom('inventaires')
    .selectAll()
    .where('id', '=', id)
    .where('service_id', '=', serviceId)
    .executeTakeFirst();
  if (!row) throw notFound('Inventaire introuvable.');
  return row;
}

/** Difference value at cost, exact (half away from zero); beyond the amounts' bound: 422. */
export function valeurEcart(ecart: number, prixAchat: number, nom: string): number {
  const value = stockValueExact(ecart, prixAchat);
  if (value > BigInt(AMOUNT_MAX) || value < -BigInt(AMOUNT_MAX))
    throw businessRule(`La valeur de l'écart de « ${nom} » dépasse la limite des montants.`);
  return Number(value);
}

/**
 * The lines with their product: while open, the price and (for an uncounted product) the expected
 * quantity are the product's current ones; once closed, those frozen on the line.
 */
export function lignesBase(db: Kysely<DB>, inventaireId: number) {
  return db
    .selectFrom('inventaire_lignes as l')
    .innerJoin('produits as p', 'p.id', 'l.produit_id')
    .innerJoin('unites as u', 'u.id', 'p.unite_id')
    .leftJoin('categories as c', 'c.id', 'p.categorie_id')
    .leftJoin('users as cu', 'cu.id', 'l.dernier_comptage_par')
    .where('l.inventaire_id', '=', inventaireId)
    .select([
      'l.produit_id',
      'p.nom',
      'p.reference',
      'p.code_barres',
      'c.nom as categorie',
      'u.symbole',
      'u.fractionnable',
      'l.quantite_ouverture',
      'l.quantite_comptee',
      'l.comptages',
      'l.dernier_comptage_le',
      'cu.id as cu_id',
      'cu.prenom as cu_prenom',
      'cu.nom as cu_nom',
      sql<number>`coalesce(l.quantite_au_comptage, p.quantite)`.as('attendue'),
      sql<number>`coalesce(l.prix_achat, p.prix_achat)`.as('prix'),
    ]);
}
type LigneRow = Awaited<ReturnType<ReturnType<typeof lignesBase>['execute']>>[number];

export function toLigne(r: LigneRow): InventaireLigne {
  const attendue = Number(r.attendue);
  const ouverture = Number(r.quantite_ouverture);
  const comptee = r.quantite_comptee === null ? null : Number(r.quantite_comptee);
  const ecart = comptee === null ? null : comptee - attendue;
  const prix = Number(r.prix);
  return {
    produitId: r.produit_id,
    nom: r.nom,
    reference: r.reference,
    codeBarres: r.code_barres,
    categorie: r.categorie,
    unite: { symbole: r.symbole, fractionnable: r.fractionnable === 1 },
    quantiteOuverture: ouverture,
    mouvements: attendue - ouverture,
    quantiteAttendue: attendue,
    quantiteComptee: comptee,
    ecart,
    prixAchat: prix,
    valeurEcart: ecart === null ? null : valeurEcart(ecart, prix, r.nom),
    comptages: Number(r.comptages),
    dernierComptage: r.dernier_comptage_le
      ? {
          par: r.cu_id === null ? null : { id: r.cu_id, prenom: r.cu_prenom!, nom: r.cu_nom! },
          le: r.dernier_comptage_le,
        }
      : null,
  };
}

/** The differing lines of a session: counted, and counted ≠ expected. */
export const differing = sql<boolean>`l.quantite_comptee is not null and l.quantite_comptee <> coalesce(l.quantite_au_comptage, p.quantite)`;

export async function lignesPage(
  db: Kysely<DB>,
  inventaireId: number,
  query: InventaireLignesQuery,
): Promise<{ items: InventaireLigne[]; total: number }> {
  let base = lignesBase(db, inventaireId);
  if (query.etat === 'comptees') base = base.where('l.quantite_comptee', 'is not', null);
  if (query.etat === 'non_comptees') base = base.where('l.quantite_comptee', 'is', null);
  if (query.etat === 'ecarts') base = base.where(differing);
  if (query.q) {
    const q = query.q;
    base = base.where((eb) =>
      eb.or([
        sql<boolean>`p.nom_recherche like ${containsPattern(searchKey(q))} escape '\\'`,
        sql<boolean>`lower(p.reference) like ${containsPattern(q)} escape '\\'`,
        eb('p.code_barres', '=', q),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    base.orderBy('p.nom_tri').orderBy('p.id').limit(query.size).offset(offsetOf(query)).execute(),
    base
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toLigne), total: Number(count.n) };
}

export async function resumeOf(db: Kysely<DB>, inventaireId: number): Promise<InventaireResume> {
  const counts = await db
    .selectFrom('inventaire_lignes')
    .where('inventaire_id', '=', inventaireId)
    .select((eb) => [
      eb.fn.countAll<number>().as('produits'),
      eb.fn.count<number>('quantite_comptee').as('comptes'),
    ])
    .executeTakeFirstOrThrow();
  const ecarts = (await lignesBase(db, inventaireId).where(differing).execute()).map(toLigne);
  let manquants = 0;
  let surplus = 0;
  for (const l of ecarts) {
    if (l.valeurEcart! < 0) manquants += l.valeurEcart!;
    else surplus += l.valeurEcart!;
  }
  const produits = Number(counts.produits);
  const comptes = Number(counts.comptes);
  return {
    produits,
    comptes,
    nonComptes: produits - comptes,
    ecarts: ecarts.length,
    valeurManquants: manquants,
    valeurSurplus: surplus,
    valeurEcarts: manquants + surplus,
  };
}

export async function inventaireOf(db: Kysely<DB>, row: InventaireRow): Promise<Inventaire> {
  const [categories, users, resume] = await Promise.all([
    db
      .selectFrom('inventaire_categories as ic')
      .innerJoin('categories as c', 'c.id', 'ic.categorie_id')
      .where('ic.inventaire_id', '=', row.id)
      .select(['c.id', 'c.nom'])
      .orderBy('c.nom')
      .execute(),
    db
      .selectFrom('users')
      .select(['id', 'prenom', 'nom'])
      .where('id', 'in', [row.ouvert_par ?? 0, row.cloture_par ?? 0])
      .execute(),
    resumeOf(db, row.id),
  ]);
  const person = (id: number | null) => users.find((u) => u.id === id) ?? null;
  return {
    id: row.id,
    statut: row.statut as InventaireStatut,
    perimetre: row.perimetre as InventairePerimetre,
    categories,
    note: row.note,
    ouvertPar: person(row.ouvert_par),
    ouvertLe: row.ouvert_le,
    cloturePar: person(row.cloture_par),
    clotureLe: row.cloture_le,
    resume,
  };
}
