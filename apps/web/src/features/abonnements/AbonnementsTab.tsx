import { deNom } from '@comptoir/shared';
import type { Abonnement } from '@comptoir/shared';
import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { Message } from 'primereact/message';
import { SearchBox } from '../../components/SearchBox';
import { errorMessage } from '../../lib/errors';
import { useDialogParam } from '../../lib/use-dialog-param';
import { useFeedback } from '../../lib/use-feedback';
import { useClampedPage, useListParams } from '../../lib/use-list-params';
import { useAbonnements, useSetSuspended } from './api';
import { AbonnementDialog } from './AbonnementDialog';
import { AbonnementFilters } from './AbonnementFilters';
import { AbonnementsTable } from './AbonnementsTable';
import { ABONNEMENTS_LIST } from './abonnements-list';
import { RenewDialog } from './RenewDialog';

const nameOf = (a: Abonnement) => `${a.owner.prenom} ${a.owner.nom}`;

/** The « Abonnements » tab: owners' subscriptions; create, edit, renew, suspend. */
export function AbonnementsTab() {
  const list = useListParams(ABONNEMENTS_LIST);
  const abonnements = useAbonnements(list.query);
  useClampedPage(list, abonnements.data?.total);
  const edit = useDialogParam('edit');
  const renew = useDialogParam('renew');
  const suspend = useSetSuspended();
  const feedback = useFeedback();
  const listed = (id: number) => abonnements.data?.items.find((a) => a.id === id);

  const toggleSuspended = (a: Abonnement) => {
    const run = () =>
      suspend.mutate(
        { id: a.id, suspendu: !a.suspendu },
        {
          onSuccess: (s) =>
            feedback.success(
              s.suspendu ? 'Abonnement suspendu' : 'Abonnement réactivé',
              `Abonnement ${deNom(nameOf(s))} ${s.suspendu ? 'suspendu : ses modifications sont bloquées' : 'réactivé'}.`,
            ),
          onError: feedback.actionError(
            a.suspendu ? 'Réactivation impossible' : 'Suspension impossible',
          ),
        },
      );
    if (a.suspendu) return run();
    confirmDialog({
      header: "Suspendre l'abonnement",
      message: `Suspendre l'abonnement ${deNom(nameOf(a))} ? Le propriétaire et ses gérants pourront consulter leurs données, mais plus les modifier.`,
      icon: 'pi pi-exclamation-triangle',
      acceptClassName: 'p-button-danger',
      defaultFocus: 'reject',
      accept: run,
    });
  };

  const header = (
    <div className="flex flex-wrap gap-2 align-items-center justify-content-between">
      <div className="flex flex-wrap gap-2 align-items-center">
        <SearchBox
          value={list.state.q}
          onSearch={list.setSearch}
          label="Rechercher un abonnement"
          placeholder="Propriétaire"
        />
        <AbonnementFilters filters={list.state.filters} onFilter={list.setFilter} />
      </div>
      <Button
        type="button"
        label="Nouvel abonnement"
        icon="pi pi-plus"
        onClick={() => edit.open('new')}
      />
    </div>
  );

  return (
    <>
      {abonnements.isError && (
        <Message
          severity="error"
          text={errorMessage(abonnements.error)}
          className="w-full justify-content-start mb-3"
        />
      )}
      <AbonnementsTable
        page={abonnements.data}
        loading={abonnements.isFetching}
        list={list}
        header={header}
        onEdit={(a) => edit.open(a.id)}
        onRenew={(a) => renew.open(a.id)}
        onSuspend={toggleSuspended}
      />
      {edit.target !== null && (
        <AbonnementDialog
          key={String(edit.target)}
          target={edit.target}
          listed={typeof edit.target === 'number' ? listed(edit.target) : undefined}
          onClose={edit.close}
        />
      )}
      {typeof renew.target === 'number' && (
        <RenewDialog
          key={renew.target}
          id={renew.target}
          listed={listed(renew.target)}
          onClose={renew.close}
        />
      )}
    </>
  );
}
