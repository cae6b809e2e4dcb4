import { CLIENT_SORTS, formatMoney, type Client, type ClientInput } from '@comptoir/shared';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { ConfirmDialog, confirmDialog } from 'primereact/confirmdialog';
import { DataTable } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { FormDialog } from '../../components/FormDialog';
import { PageHeader } from '../../components/PageHeader';
import { SearchBox } from '../../components/SearchBox';
import { WithShop } from '../../components/WithShop';
import { pagedTableProps } from '../../components/paged-table';
import { confirmDuplicate, isDuplicateWarning } from '../../lib/duplicate';
import { errorMessage, fieldErrorsOf } from '../../lib/errors';
import type { ListSpec } from '../../lib/list-params';
import { useCurrentShop } from '../../lib/shop';
import { useDialogParam } from '../../lib/use-dialog-param';
import { useFeedback } from '../../lib/use-feedback';
import { useClampedPage, useListParams } from '../../lib/use-list-params';
import { useClients, useCreateClient, useDeleteClient, useUpdateClient } from './api';
import { CLIENT_FIELDS, ClientForm } from './ClientForm';

const LIST: ListSpec = { sorts: CLIENT_SORTS, filters: ['actif'] };
const FORM_ID = 'client-form';

function Clients({ serviceId }: { serviceId: number }) {
  const { devise } = useCurrentShop();
  const list = useListParams(LIST);
  const clients = useClients(serviceId, list.query);
  useClampedPage(list, clients.data?.total);
  const dialog = useDialogParam();
  const create = useCreateClient(serviceId);
  const update = useUpdateClient(serviceId);
  const remove = useDeleteClient(serviceId);
  const feedback = useFeedback();
  const edited = typeof dialog.target === 'number' ? (clients.data?.items.find((c) => c.id === dialog.target) ?? null) : null;
  const showForm = (dialog.target === 'new' || edited !== null) && devise !== null;

  const open = (target: 'new' | number) => {
    create.reset();
    update.reset();
    dialog.open(target);
  };
  const save = (body: ClientInput) => {
    const onSuccess = (c: Client) => {
      dialog.close();
      feedback.success(edited ? 'Client enregistré' : 'Client créé', `« ${c.nom} » ${edited ? 'a été mis à jour' : 'a été ajouté'}.`);
    };
    const onError = (error: unknown) => {
      if (isDuplicateWarning(error)) confirmDuplicate(error, () => save({ ...body, confirmerDoublon: true }));
      else feedback.formError(edited ? 'Enregistrement impossible' : 'Création impossible', CLIENT_FIELDS)(error);
    };
    if (edited) update.mutate({ id: edited.id, body }, { onSuccess, onError });
    else create.mutate(body, { onSuccess, onError });
  };
  const askDelete = (c: Client) =>
    confirmDialog({
      header: 'Supprimer le client',
      message: `Supprimer le client « ${c.nom} » ?`,
      icon: 'pi pi-exclamation-triangle',
      acceptClassName: 'p-button-danger',
      acceptLabel: 'Oui',
      rejectLabel: 'Non',
      defaultFocus: 'reject',
      accept: () => remove.mutate(c.id, { onSuccess: () => feedback.success('Client supprimé', `« ${c.nom} » a été supprimé.`), onError: feedback.actionError('Suppression impossible') }),
    });
  const actions = (c: Client) => (
    <div className="flex gap-1 justify-content-end">
      <Button type="button" icon="pi pi-pencil" rounded text aria-label={`Modifier ${c.nom}`} onClick={() => open(c.id)} />
      <Button type="button" icon="pi pi-trash" rounded text severity="danger" aria-label={`Supprimer ${c.nom}`} onClick={() => askDelete(c)} />
    </div>
  );
  const error = edited ? update.error : create.error;

  return (
    <div className="card-surface">
      <ConfirmDialog />
      <PageHeader title="Clients">
        <Button type="button" label="Nouveau client" icon="pi pi-plus" onClick={() => open('new')} />
      </PageHeader>
      {clients.isError && <Message severity="error" text={errorMessage(clients.error)} className="w-full justify-content-start mb-3" />}
      <DataTable
        value={clients.data?.items ?? []}
        dataKey="id"
        loading={clients.isFetching}
        header={<SearchBox value={list.state.q} onSearch={list.setSearch} label="Rechercher un client" placeholder="Nom, téléphone ou e-mail" />}
        emptyMessage="Aucun client"
        stripedRows
        size="small"
        data-testid="clients-table"
        {...pagedTableProps(list, clients.data?.total ?? 0)}
      >
        <Column header="Nom" sortable field="nom" />
        <Column header="Téléphone" body={(c: Client) => c.telephone ?? '—'} />
        <Column header="Adresse e-mail" body={(c: Client) => c.email ?? '—'} />
        <Column header="Plafond de crédit" body={(c: Client) => (c.plafondCredit === null || !devise ? '—' : formatMoney(c.plafondCredit, devise))} />
        <Column header="Actions" body={actions} headerClassName="text-right" />
      </DataTable>
      <FormDialog header={edited ? 'Modifier le client' : 'Nouveau client'} visible={showForm} onHide={dialog.close} formId={FORM_ID} saving={create.isPending || update.isPending}>
        {showForm && devise && (
          <ClientForm key={edited?.id ?? 'new'} formId={FORM_ID} client={edited} devise={devise} serverErrors={isDuplicateWarning(error) ? {} : fieldErrorsOf(error)} onSave={save} />
        )}
      </FormDialog>
    </div>
  );
}

/** /pages/clients (manager and owner): the current shop's customers. */
export default function ClientsRoute() {
  return <WithShop>{(serviceId) => <Clients key={serviceId} serviceId={serviceId} />}</WithShop>;
}
