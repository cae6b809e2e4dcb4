import {
  MODE_PAIEMENT_LABELS,
  currencyExponent,
  formatMoney,
  type TableauFigures,
} from '@comptoir/shared';
import { Chart } from 'primereact/chart';

/**
 * Charts of the owner's dashboard (Chart.js through PrimeReact's Chart, in the dashboard's own
 * chunk): revenue and margin per day, payments by mode, sales by hour, top categories.
 */

const HEIGHT = { height: '16rem' };
const options = { maintainAspectRatio: false, plugins: { legend: { position: 'bottom' } } };

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

export default function DashboardCharts({
  figures,
  devise,
}: {
  figures: TableauFigures;
  devise: string;
}) {
  const scale = 10 ** currencyExponent(devise);
  const major = (n: number) => n / scale;
  const days = figures.parJour;
  const label = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;
  return (
    <div className="grid" data-testid="dashboard-charts">
      <ChartCard title="Chiffre d’affaires et marge par jour">
        <Chart
          type="bar"
          style={HEIGHT}
          options={options}
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
          options={options}
          data={{
            labels: figures.paiements.map(
              (p) =>
                `${MODE_PAIEMENT_LABELS[p.mode]}${p.operateur ? ` · ${p.operateur}` : ''} : ${formatMoney(p.montant, devise)}`,
            ),
            datasets: [{ data: figures.paiements.map((p) => major(p.montant)) }],
          }}
        />
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
          options={{ ...options, indexAxis: 'y' }}
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
