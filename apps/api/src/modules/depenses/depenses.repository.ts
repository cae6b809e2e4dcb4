import type { Kysely } from 'kysely';
import type {
  Depense,
  DepenseEtat,
  DepenseHistorique,
  DepenseListItem,
  ModePaiement,
} from '@comptoir/shared';
import { notFound } from '../../core/errors.js';
import type { DB } from '../../db/schema.js';

/** Reads of expenses shared by the module's operations: rows as the API gives them, history. */

/** The columns of an expense row with its category, author, deleter and receipt, for `map`. */
export function selectDepenses(db: Kysely<DB>) {
  return db
    .selectFrom('depenses as d')
    .innerJoin('depense_categories as c', 'c.id', 'd.categorie_id')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .leftJoin('users as s', 's.id', 'd.supprime_par')
    .leftJoin('files as f', 'f.id', 'd.justificatif_file_id')
    .select([
      'd.id',
      'd.service_id',
      'd.categorie_id',
      'c.nom as categorie_nom',
      'd.libelle',
      'd.montant',
      'd.date',
      'd.mode',
      'd.justificatif_file_id',
      'f.content_type',
      'f.size',
      'd.user_id',
      'u.prenom as user_prenom',
      'u.nom as user_nom',
      'd.created_at',
      'd.updated_at',
      'd.supprime_le',
      'd.supprime_par',
      's.prenom as supprime_prenom',
      's.nom as supprime_nom',
    ]);
}

export type DepenseRow = Awaited<
  ReturnType<ReturnType<typeof selectDepenses>['executeTakeFirstOrThrow']>
>;

export function mapDepense(r: DepenseRow): DepenseListItem {
  return {
    id: r.id,
    categorie: { id: r.categorie_id, nom: r.categorie_nom },
    libelle: r.libelle,
    montant: Number(r.montant),
    date: r.date,
    mode: r.mode as ModePaiement,
    justificatif:
      r.justificatif_file_id && r.content_type
        ? {
            type: r.content_type === 'application/pdf' ? 'pdf' : 'image',
            contentType: r.content_type,
            taille: Number(r.size),
          }
        : null,
    auteur: { id: r.user_id, prenom: r.user_prenom, nom: r.user_nom },
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    suppression:
      r.supprime_le && r.supprime_par !== null
        ? {
            le: r.supprime_le,
            par: { id: r.supprime_par, prenom: r.supprime_prenom ?? '', nom: r.supprime_nom ?? '' },
          }
        : null,
  };
}

/** What the history keeps of an expense: its readable state, category by name. */
export const etatOf = (d: DepenseListItem): DepenseEtat => ({
  categorie: d.categorie.nom,
  libelle: d.libelle,
  montant: d.montant,
  date: d.date,
  mode: d.mode,
  justificatif: d.justificatif?.type ?? null,
});

/** One expense of the shop, deleted or not; 404 for another shop's id. */
export async function findDepense(
  db: Kysely<DB>,
  serviceId: number,
  id: number,
): Promise<DepenseListItem> {
  const row = await selectDepenses(db)
    .where('d.id', '=', id)
    .where('d.service_id', '=', serviceId)
    .executeTakeFirst();
  if (!row) throw notFound('Dépense introuvable.');
  return mapDepense(row);
}

/** The history rows of the shop (one expense's when `depenseId` is given), newest first. */
export function selectHistorique(db: Kysely<DB>, serviceId: number, depenseId?: number) {
  return db
    .selectFrom('depense_historique as h')
    .innerJoin('users as u', 'u.id', 'h.user_id')
    .innerJoin('depenses as d', 'd.id', 'h.depense_id')
    .select([
      'h.id',
      'h.depense_id',
      'h.action',
      'h.user_id',
      'u.prenom',
      'u.nom',
      'h.created_at',
      'h.avant',
      'h.apres',
      'd.libelle',
    ])
    .where('h.service_id', '=', serviceId)
    .$if(depenseId !== undefined, (q) => q.where('h.depense_id', '=', depenseId!))
    .orderBy('h.id', 'desc');
}

type HistoriqueRow = Awaited<
  ReturnType<ReturnType<typeof selectHistorique>['executeTakeFirstOrThrow']>
>;

export const mapHistorique = (h: HistoriqueRow): DepenseHistorique & { libelle: string } => ({
  id: h.id,
  depenseId: h.depense_id,
  action: h.action as DepenseHistorique['action'],
  par: { id: h.user_id, prenom: h.prenom, nom: h.nom },
  le: h.created_at,
  avant: h.avant ? (JSON.parse(h.avant) as DepenseEtat) : null,
  apres: h.apres ? (JSON.parse(h.apres) as DepenseEtat) : null,
  libelle: h.libelle,
});

/** The expense with its history: what `GET …/depenses/:id` and every write answer. */
export async function readDepense(db: Kysely<DB>, serviceId: number, id: number): Promise<Depense> {
  const depense = await findDepense(db, serviceId, id);
  const historique = (await selectHistorique(db, serviceId, id).execute()).map((h) => {
    const { libelle: _l, ...entry } = mapHistorique(h);
    return entry;
  });
  return { ...depense, historique };
}
