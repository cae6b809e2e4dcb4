import { PERIODES, type Periode } from '@comptoir/shared';
import { SelectButton } from 'primereact/selectbutton';
import { useSearchParams } from 'react-router';
import { PageLoading } from '../../components/PageLoading';
import { AlertesHorsLigne } from '../../components/AlertesHorsLigne';
import { useTableauBoutique, useTableauTous } from './api';
import DashboardCharts from './DashboardCharts';
import { FigureCards } from './FigureCards';
import { PeriodePicker } from './PeriodePicker';
import { Tops } from './Tops';

/** The owner's dashboard: the current shop or « Toutes mes boutiques », period in the URL. */

export function OwnerDashboard({ serviceId }: { serviceId: number }) {
  const [params, setParams] = useSearchParams();
  const raw = params.get('periode');
  const periode: Periode = (PERIODES as readonly string[]).includes(raw ?? '')
    ? (raw as Periode)
    : 'aujourdhui';
  const du = params.get('du') ?? '';
  const au = params.get('au') ?? '';
  const tous = params.get('boutiques') === 'toutes';
  const ready = periode !== 'personnalisee' || (du !== '' && au !== '' && du <= au);
  const query = periode === 'personnalisee' ? { periode, du, au } : { periode };
  const one = useTableauBoutique(serviceId, query, ready && !tous);
  const all = useTableauTous(query, ready && tous);
  const set = (next: Record<string, string | undefined>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next))
      if (v) p.set(k, v);
      else p.delete(k);
    setParams(p, { replace: true });
  };
  const blocks = tous
    ? (all.data?.devises ?? []).map((d) => ({
        key: d.devise,
        devise: d.devise,
        figures: d,
        links: null,
      }))
    : one.data
      ? [
          {
            key: 'one',
            devise: one.data.service.devise,
            figures: one.data,
            links: one.data.periode,
          },
        ]
      : [];
  const loading = tous ? all.isLoading : one.isLoading;
  return (
    <>
      <div className="flex flex-wrap gap-2 align-items-center justify-content-between mb-3">
        <PeriodePicker
          periode={periode}
          du={du}
          au={au}
          onChange={(n) =>
            set({
              periode: n.periode,
              du: n.periode === 'personnalisee' ? n.du : undefined,
              au: n.periode === 'personnalisee' ? n.au : undefined,
            })
          }
        />
        <SelectButton
          value={tous ? 'toutes' : 'une'}
          allowEmpty={false}
          options={[
            { label: 'Cette boutique', value: 'une' },
            { label: 'Toutes mes boutiques', value: 'toutes' },
          ]}
          onChange={(e) => set({ boutiques: e.value === 'toutes' ? 'toutes' : undefined })}
        />
      </div>
      {loading && <PageLoading />}
      {!tous && one.data && (
        <AlertesHorsLigne serviceId={serviceId} devise={one.data.service.devise} />
      )}
      {blocks.map((b) => (
        <section key={b.key} aria-label={`Chiffres en ${b.devise}`} className="mb-4">
          {tous && <h2 className="text-2xl">{b.devise}</h2>}
          <FigureCards figures={b.figures} devise={b.devise} links={b.links} />
          <DashboardCharts figures={b.figures} devise={b.devise} links={b.links} />
          <Tops figures={b.figures} devise={b.devise} links={b.links} />
        </section>
      ))}
    </>
  );
}
