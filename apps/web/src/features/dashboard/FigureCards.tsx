import {
  LIENS_TABLEAU,
  formatMoney,
  hrefTableau,
  type Jours,
  type TableauFigures,
} from '@comptoir/shared';
import { Link } from 'react-router';

/** The headline figures of a period, each beside the period compared with and linked to its list. */

interface Card {
  id: string;
  label: string;
  value: string;
  before?: string;
  to?: string;
}

function FigureCard({ card }: { card: Card }) {
  const body = (
    <>
      <div className="text-500 font-medium mb-2">{card.label}</div>
      <div className="text-900 font-bold text-2xl" data-testid={`figure-${card.id}`}>
        {card.value}
      </div>
      {card.before !== undefined && (
        <div className="text-600 text-sm mt-1">Période précédente : {card.before}</div>
      )}
    </>
  );
  return (
    <div className="col-12 sm:col-6 xl:col-3">
      <div className="card-surface h-full">
        {card.to ? (
          <Link
            to={card.to}
            className="no-underline text-color block"
            data-testid={`lien-${card.id}`}
          >
            {body}
          </Link>
        ) : (
          body
        )}
      </div>
    </div>
  );
}

interface Props {
  figures: TableauFigures;
  devise: string;
  /** Links to the lists (one shop only) on the period's days: LIENS_TABLEAU. */
  links?: Jours | null;
}

export function FigureCards({ figures, devise, links }: Props) {
  const t = figures.totaux;
  const p = figures.totauxPrecedents;
  const money = (n: number) => formatMoney(n, devise);
  const to = (id: keyof typeof LIENS_TABLEAU) =>
    links ? hrefTableau(LIENS_TABLEAU[id], links) : undefined;
  const cards: Card[] = [
    {
      id: 'ca-ttc',
      label: 'Chiffre d’affaires TTC',
      value: money(t.caTtc),
      before: money(p.caTtc),
      to: to('caTtc'),
    },
    {
      id: 'ca-ht',
      label: 'Chiffre d’affaires HT',
      value: money(t.caHt),
      before: money(p.caHt),
      to: to('caHt'),
    },
    {
      id: 'marge',
      label: 'Marge brute',
      value: money(t.margeBrute),
      before: money(p.margeBrute),
      to: to('marge'),
    },
    {
      id: 'ventes',
      label: 'Ventes',
      value: String(t.nombreVentes),
      before: String(p.nombreVentes),
      to: to('ventes'),
    },
    {
      id: 'panier',
      label: 'Panier moyen',
      value: money(t.panierMoyen),
      before: money(p.panierMoyen),
      to: to('panier'),
    },
    {
      id: 'retours',
      label: 'Retours',
      value: `${t.nombreRetours} · ${money(t.retoursTtc)}`,
      before: `${p.nombreRetours} · ${money(p.retoursTtc)}`,
      to: to('retours'),
    },
    {
      id: 'dettes',
      label: 'Dettes clients (dont en retard)',
      value: `${money(figures.dettes.encours)} (${money(figures.dettes.enRetard)})`,
      to: links ? '/pages/dettes' : undefined,
    },
    {
      id: 'fournisseurs',
      label: 'Dettes fournisseurs (dont en retard)',
      value: `${money(figures.fournisseurs.solde)} (${money(figures.fournisseurs.enRetard)})`,
      to: links ? '/pages/dettes?onglet=fournisseurs' : undefined,
    },
    {
      id: 'depenses',
      label: 'Dépenses',
      value: money(figures.depenses.montant),
      before: money(figures.depenses.precedent.montant),
      to: to('depenses'),
    },
    {
      id: 'stock',
      label: 'Stock bas · rupture',
      value: `${figures.stock.sousSeuil} · ${figures.stock.rupture}`,
      to: links ? '/pages/produits?stock=sous_seuil&actif=true' : undefined,
    },
  ];
  return (
    <div className="grid">
      {cards.map((c) => (
        <FigureCard key={c.id} card={c} />
      ))}
    </div>
  );
}
