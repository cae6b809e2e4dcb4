import {
  MODE_PAIEMENT_LABELS,
  currencyExponent,
  formatMoney,
  hrefTableau,
  lienCategorie,
  lienJour,
  lienPaiement,
  type Jours,
  type LienTableau,
  type TableauFigures,
} from '@comptoir/shared';
import type { ActiveElement, Chart as ChartJs, ChartEvent } from 'chart.js';
import { Chart } from 'primereact/chart';
import { Link, useNavigate } from 'react-router';

/**
 * Charts of the owner's dashboard (Chart.js through PrimeReact's Chart, in the dashboard's own
 * chunk): revenue and margin per day, payments by mode, sales by hour, top categories. With one
 * shop (`links`), each payment mode below its chart opens the sales list filtered on it, and a
 * click on a bar or a slice opens its list (shared/tableau/liens.ts): a day's CA or margin, a
 * mode, a category. The nearest bar along the axis answers, so a low bar is easy to hit.
 */

const HEIGHT = { height: '16rem' };
const options = { maintainAspectRatio: false, plugins: { legend: { position: 'bottom' } } };

/** Where the element clicked (its dataset and its index) leads, if anywhere. */
type Cible = (datasetIndex: number, index: number) => string | null;

/** Chart.js options that open `cible` on a click, with a hand over what can be clicked. */
function cliquable(cible: Cible | null, go: (href: string) => void, axis: 'x' | 'y' | null) {
  if (!cible) return {};
  const at = (elements: ActiveElement[]) => {
    const e = elements[0];
    return e ? cible(e.datasetIndex, e.index) : null;
  };
  return {
    ...(axis ? { interaction: { mode: 'nearest', axis, intersect: false } } : {}),
    onHover: (_: ChartEvent, elements: ActiveElement[], chart: ChartJs) => {
      chart.canvas.style.cursor = at(elements) ? 'pointer' : 'default';
    },
    onClick: (_: ChartEvent, elements: ActiveElement[]) => {
      const href = at(elements);
      if (href) go(href);
    },
  };
}

function ChartCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="col-12 lg:col-6">
      <div className="card-surface">
        <h2 className="mt-0 mb-3 text-xl">{title}</h2>
        {children}
      </div>
    </div>
  );
}

const modeLabel = (p: TableauFigures['paiements'][number]) =>
  `${MODE_PAIEMENT_LABELS[p.mode]}${p.operateur ? ` · ${p.operateur}` : ''}`;

/** The payments by mode as a list, each linked to the sales paid in it when the list agrees. */
export function PaiementsListe({
  figures,
  devise,
  links,
}: {
  figures: TableauFigures;
  devise: string;
  links: Jours | null;
}) {
  const all = figures.paiements;
  if (!all.length) return null;
  return (
    <ul className="list-none p-0 m-0 mt-3" data-testid="paiements-modes">
      {all.map((p) => {
        const label = modeLabel(p);
        const lien = links ? lienPaiement(p, all) : null;
        return (
          <li key={`${p.mode}-${p.operateur ?? ''}`} className="flex justify-content-between py-1">
            {lien && links ? (
              <Link to={hrefTableau(lien, links)}>{label}</Link>
            ) : (
              <span>{label}</span>
            )}
            <span>{formatMoney(p.montant, devise)}</span>
          </li>
        );
      })}
    </ul>
  );
}

export default function DashboardCharts({
  figures,
  devise,
  links = null,
}: {
  figures: TableauFigures;
  devise: string;
  links?: Jours | null;
}) {
  const navigate = useNavigate();
  const scale = 10 ** currencyExponent(devise);
  const major = (n: number) => n / scale;
  const days = figures.parJour;
  const label = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;
  const href = (l: LienTableau | null) => (l && links ? hrefTableau(l, links) : null);
  const parJour: Cible = (serie, i) => {
    const day = days[i];
    if (!day) return null;
    const { lien, jours } = lienJour(serie === 0 ? 'caTtc' : 'marge', day.jour);
    return hrefTableau(lien, jours);
  };
  const paiement: Cible = (_, i) => {
    const p = figures.paiements[i];
    return p ? href(lienPaiement(p, figures.paiements)) : null;
  };
  const categorie: Cible = (_, i) => {
    const c = figures.topCategories[i];
    return c ? href(lienCategorie(c.categorieId)) : null;
  };
  const on = links ? (cible: Cible) => cible : () => null;
  return (
    <div className="grid" data-testid="dashboard-charts">
      <ChartCard title="Chiffre d’affaires et marge par jour">
        <Chart
          type="bar"
          style={HEIGHT}
          options={{ ...options, ...cliquable(on(parJour), navigate, 'x') }}
          data={{
            labels: days.map((d) => label(d.jour)),
            datasets: [
              {
                label: `CA TTC (${devise})`,
                data: days.map((d) => major(d.caTtc)),
                backgroundColor: '#3b82f6',
              },
              {
                label: `Marge (${devise})`,
                data: days.map((d) => major(d.marge)),
                backgroundColor: '#22c55e',
              },
            ],
          }}
        />
      </ChartCard>
      <ChartCard title="Paiements par mode">
        <Chart
          type="doughnut"
          style={HEIGHT}
          options={{ ...options, ...cliquable(on(paiement), navigate, null) }}
          data={{
            labels: figures.paiements.map(modeLabel),
            datasets: [{ data: figures.paiements.map((p) => major(p.montant)) }],
          }}
        />
        <PaiementsListe figures={figures} devise={devise} links={links} />
      </ChartCard>
      <ChartCard title="Ventes par heure">
        <Chart
          type="bar"
          style={HEIGHT}
          options={options}
          data={{
            labels: figures.parHeure.map((h) => `${h.heure} h`),
            datasets: [
              {
                label: 'Ventes',
                data: figures.parHeure.map((h) => h.nombre),
                backgroundColor: '#f59e0b',
              },
            ],
          }}
        />
      </ChartCard>
      <ChartCard title="Meilleures catégories">
        <Chart
          type="bar"
          style={HEIGHT}
          options={{ ...options, indexAxis: 'y', ...cliquable(on(categorie), navigate, 'y') }}
          data={{
            labels: figures.topCategories.map((c) => c.nom),
            datasets: [
              {
                label: `CA TTC (${devise})`,
                data: figures.topCategories.map((c) => major(c.caTtc)),
                backgroundColor: '#8b5cf6',
              },
            ],
          }}
        />
      </ChartCard>
    </div>
  );
}
