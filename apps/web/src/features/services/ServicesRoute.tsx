import type { ServiceListItem } from '@comptoir/shared';
import { Button } from 'primereact/button';
import { ConfirmDialog, confirmDialog } from 'primereact/confirmdialog';
import { Dropdown } from 'primereact/dropdown';
import { Message } from 'primereact/message';
import { ListToolbar } from '../../components/list/ListToolbar';
import { PageHeader } from '../../components/PageHeader';
import { SearchBox } from '../../components/SearchBox';
import { errorMessage } from '../../lib/errors';
import { useDialogParam } from '../../lib/use-dialog-param';
import { useFeedback } from '../../lib/use-feedback';
import { useClampedPage, useListParams } from '../../lib/use-list-params';
import { useSession } from '../../lib/use-session';
import { useServices, useSetServiceActive } from './api';
import { ServiceDialog } from './ServiceDialog';
import { ServicesTable } from './ServicesTable';
import { SERVICES_LIST } from './services-list';

const ACTIVE_OPTIONS = [
  { value: 'true', label: 'Actives' },
  { value: 'false', label: 'Désactivées' },
];

/** /pages/services: the owner's shops (create, edit) or, for the administrator, every shop. */
export default function ServicesRoute() {
  const { role } = useSession();
  const admin = role === 'ROLE_ADMIN';
  const list = useListParams(SERVICES_LIST);
  const services = useServices(list.query);
  useClampedPage(list, services.data?.total);
  const dialog = useDialogParam();
  const setActive = useSetServiceActive();
  const feedback = useFeedback();

  const toggle = (shop: ServiceListItem) => {
    const run = () =>
      setActive.mutate(
        { id: shop.id, active: !shop.active },
        {
          onSuccess: (s) =>
            feedback.success(
              s.active ? 'Boutique activée' : 'Boutique désactivée',
              `« ${s.nom} » est ${s.active ? 'de nouveau active' : 'désactivée'}.`,
            ),
          onError: feedback.actionError(
            shop.active ? 'Désactivation impossible' : 'Activation impossible',
          ),
        },
      );
    if (!shop.active) return run();
    confirmDialog({
      header: 'Désactiver la boutique',
      message: `Désactiver « ${shop.nom} » ? Elle disparaîtra du sélecteur de boutique de ses membres.`,
      icon: 'pi pi-exclamation-triangle',
      acceptClassName: 'p-button-danger',
      defaultFocus: 'reject',
      accept: run,
    });
  };

  const header = (
    <ListToolbar
      filters={list.state.filters}
      search={
        <SearchBox
          value={list.state.q}
          onSearch={list.setSearch}
          label="Rechercher une boutique"
          placeholder="Nom ou ville"
        />
      }
    >
      <Dropdown
        value={list.state.filters['active'] ?? null}
        options={ACTIVE_OPTIONS}
        onChange={(e) => list.setFilter('active', (e.value as string | null) ?? null)}
        placeholder="Tous les statuts"
        showClear
        aria-label="Filtrer par statut"
      />
    </ListToolbar>
  );

  return (
    <div className="card-surface">
      <ConfirmDialog />
      <PageHeader title={admin ? 'Boutiques' : 'Mes boutiques'}>
        {!admin && (
          <Button
            type="button"
            label="Nouvelle boutique"
            icon="pi pi-plus"
            onClick={() => dialog.open('new')}
          />
        )}
      </PageHeader>
      {services.isError && (
        <Message
          severity="error"
          text={errorMessage(services.error)}
          className="w-full justify-content-start mb-3"
        />
      )}
      <ServicesTable
        page={services.data}
        loading={services.isFetching}
        list={list}
        admin={admin}
        header={header}
        onOpen={(s) => dialog.open(s.id)}
        onToggle={toggle}
      />
      {dialog.target !== null && (
        <ServiceDialog
          key={String(dialog.target)}
          target={dialog.target}
          readOnly={admin}
          onClose={dialog.close}
        />
      )}
    </div>
  );
}
