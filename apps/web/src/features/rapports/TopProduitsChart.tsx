import { currencyExponent, type RapportProduit } from '@comptoir/shared';
import { Chart } from 'primereact/chart';

/**
 * The top products of the report by revenue TTC (Chart.js through PrimeReact's Chart, as the
 * dashboard's charts; this module is loaded lazily, so Chart.js stays out of the other screens).
 */
export default function TopProduitsChart({
  items,
  devise,
}: {
  items: readonly RapportProduit[];
  devise: string;
}) {
  const scale = 10 ** currencyExponent(devise);
  return (
    <Chart
      type="bar"
      style={{ height: `${Math.max(8, items.length * 2.2)}rem` }}
      options={{
        maintainAspectRatio: false,
        indexAxis: 'y',
        plugins: { legend: { position: 'bottom' } },
      }}
      data={{
        labels: items.map((p) => p.nom),
        datasets: [
          {
            label: `CA TTC (${devise})`,
            data: items.map((p) => p.caTtc / scale),
            backgroundColor: '#3b82f6',
          },
          {
            label: `Marge (${devise})`,
            data: items.map((p) => p.marge / scale),
            backgroundColor: '#22c55e',
          },
        ],
      }}
    />
  );
}
