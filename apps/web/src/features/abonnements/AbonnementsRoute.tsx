import { ConfirmDialog } from 'primereact/confirmdialog';
import { TabPanel, TabView } from 'primereact/tabview';
import { PageHeader } from '../../components/PageHeader';
import { useScreenParams } from '../../lib/use-screen-params';
import { AbonnementsTab } from './AbonnementsTab';
import { TABS, tabOf } from './abonnements-list';
import { PlansTab } from './PlansTab';

/** /pages/abonnements (administrator): plans and owners' subscriptions, the tab in the URL. */
export default function AbonnementsRoute() {
  const [params, setParams] = useScreenParams();
  const tab = tabOf(params.get('tab'));
  // Each tab has its own list: switching starts it afresh.
  const choose = (index: number) => setParams({ tab: TABS[index] ?? 'formules' });
  return (
    <div className="card-surface">
      <ConfirmDialog />
      <PageHeader title="Abonnements" />
      <TabView
        panelContainerClassName="px-0"
        activeIndex={TABS.indexOf(tab)}
        onTabChange={(e) => choose(e.index)}
      >
        <TabPanel header="Formules">{tab === 'formules' && <PlansTab />}</TabPanel>
        <TabPanel header="Abonnements">{tab === 'abonnements' && <AbonnementsTab />}</TabPanel>
      </TabView>
    </div>
  );
}
