import { TabPanel, TabView } from 'primereact/tabview';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { WithShop } from '../../components/WithShop';
import { useCurrentShop } from '../../lib/shop';
import { useIsPhone } from '../../lib/use-phone';
import { RapportProduits } from './RapportProduits';
import { MouvementsStock, ValorisationStock } from './StockRapports';

/**
 * `/pages/rapports/produits` (owner): the product report, the stock value and the stock movements,
 * one tab each (the tab in the URL: `?onglet=stock|mouvements`).
 */
const TABS = ['produits', 'stock', 'mouvements'] as const;

function Rapports({ serviceId }: { serviceId: number }) {
  const { devise } = useCurrentShop();
  const phone = useIsPhone();
  const [params, setParams] = useSearchParams();
  const index = Math.max(0, TABS.indexOf(params.get('onglet') as (typeof TABS)[number]));
  if (devise === null) return <p role="status">Chargement…</p>;
  return (
    <div className="card-surface">
      <PageHeader title="Rapports" />
      <TabView
        scrollable={phone}
        activeIndex={index}
        onTabChange={(e) => setParams(e.index ? { onglet: TABS[e.index]! } : {}, { replace: true })}
      >
        <TabPanel header="Produits">
          {index === 0 && <RapportProduits serviceId={serviceId} devise={devise} />}
        </TabPanel>
        <TabPanel header="Valeur du stock">
          {index === 1 && <ValorisationStock serviceId={serviceId} devise={devise} />}
        </TabPanel>
        <TabPanel header="Mouvements de stock">
          {index === 2 && <MouvementsStock serviceId={serviceId} />}
        </TabPanel>
      </TabView>
    </div>
  );
}

export default function RapportsRoute() {
  return <WithShop>{(serviceId) => <Rapports serviceId={serviceId} />}</WithShop>;
}
