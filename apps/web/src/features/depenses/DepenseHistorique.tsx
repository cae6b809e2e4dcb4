import {
  DEPENSE_ACTION_LABELS,
  MODE_PAIEMENT_LABELS,
  formatDateTime,
  formatMoney,
  type DepenseEtat,
  type DepenseHistorique as Entry,
} from '@comptoir/shared';
import { formatDay } from '../../lib/dates';

interface Props {
  historique: Entry[];
  devise: string;
}

const JUSTIFICATIF = { image: 'photo', pdf: 'PDF' } as const;

/** The readable differences between two states of an expense (all of it for a deletion). */
function changes(avant: DepenseEtat | null, apres: DepenseEtat | null, devise: string): string[] {
  const show: Record<keyof DepenseEtat, (e: DepenseEtat) => string> = {
    categorie: (e) => e.categorie,
    libelle: (e) => `« ${e.libelle} »`,
    montant: (e) => formatMoney(e.montant, devise),
    date: (e) => formatDay(e.date),
    mode: (e) => MODE_PAIEMENT_LABELS[e.mode],
    justificatif: (e) => (e.justificatif ? JUSTIFICATIF[e.justificatif] : 'aucun'),
  };
  const labels: Record<keyof DepenseEtat, string> = {
    categorie: 'Catégorie',
    libelle: 'Libellé',
    montant: 'Montant',
    date: 'Date',
    mode: 'Mode',
    justificatif: 'Justificatif',
  };
  const keys = Object.keys(labels) as (keyof DepenseEtat)[];
  if (!avant) return [];
  if (!apres) return keys.map((k) => `${labels[k]} : ${show[k](avant)}`);
  return keys
    .filter((k) => avant[k] !== apres[k])
    .map((k) => `${labels[k]} : ${show[k](avant)} → ${show[k](apres)}`);
}

/** « Historique » of an expense: each change by the owner, who, when, before → after. */
export function DepenseHistorique({ historique, devise }: Props) {
  if (historique.length === 0)
    return <p className="text-color-secondary m-0">Aucune modification.</p>;
  return (
    <ol className="list-none p-0 m-0" aria-label="Historique de la dépense">
      {historique.map((h) => (
        <li key={h.id} className="mb-2 surface-50 border-round p-2" data-testid="historique-entree">
          <div className="font-semibold">
            {`${DEPENSE_ACTION_LABELS[h.action]} — ${h.par.prenom} ${h.par.nom}, le ${formatDateTime(h.le)}`}
          </div>
          <ul className="m-0 pl-3">
            {changes(h.avant, h.apres, devise).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
