import {
  formatMoney,
  formatQuantity,
  PERIODES,
  type Periode,
  type TableauFigures,
} from '@comptoir/shared';
import { SelectButton } from 'primereact/selectbutton';
import { useSearchParams } from 'react-router';
import { PageLoading } from '../../components/PageLoading';
import { AlertesHorsLigne } from '../../components/AlertesHorsLigne';
import { useTableauBoutique, useTableauTous } from './api';
import DashboardCharts from './DashboardCharts';
import { FigureCards } from './FigureCards';
import { PeriodePicker } from './PeriodePicker';

/** The owner's dashboard: the current shop or « Toutes mes boutiques », period in the URL. */

function Tops({ figures, devise }: { figures: TableauFigures; devise: string }) {
  return (
    <div className="grid">
      <div className="col-12 lg:col-6">
        <div className="card-surface">
          <h2 className="mt-0 mb-3 text-xl">Meilleurs produits</h2>
          <table className="w-full" data-testid="top-produits">
            <tbody>
              {figures.topProduits.map((p) => (
                <tr key={`${p.boutique}-${p.produitId}`}>
                  <td>{p.nom}</td>
                  <td className="text-right">{formatQuantity(p.quantite)}</td>
                  <td className="text-right">{formatMoney(p.caTtc, devise)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {!figures.topProduits.length && <p className="m-0">Aucune vente sur la période.</p>}
        </div>
      </div>
      <div className="col-12 lg:col-6">
        <div className="card-surface">
          <h2 className="mt-0 mb-3 text-xl">Vendeurs</h2>
          <table className="w-full" data-testid="vendeurs">
            <tbody>
              {figures.vendeurs.map((v) => (
                <tr key={v.userId}>
                  <td>
                    {v.prenom} {v.nom}
                  </td>
                  <td className="text-right">{v.nombre} ventes</td>
                  <td className="text-right">{formatMoney(v.caTtc, devise)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </div>
  );
}

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
          <DashboardCharts figures={b.figures} devise={b.devise} />
          <Tops figures={b.figures} devise={b.devise} />
        </section>
      ))}
    </>
  );
}
