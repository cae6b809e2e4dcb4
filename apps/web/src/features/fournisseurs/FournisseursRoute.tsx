import { FOURNISSEUR_SORTS, type Fournisseur, type FournisseurInput } from '@comptoir/shared';
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
import { useDialogParam } from '../../lib/use-dialog-param';
import { useFeedback } from '../../lib/use-feedback';
import { useClampedPage, useListParams } from '../../lib/use-list-params';
import { useFournisseurs, useCreateFournisseur, useDeleteFournisseur, useUpdateFournisseur } from './api';
import { FOURNISSEUR_FIELDS, FournisseurForm } from './FournisseurForm';

const LIST: ListSpec = { sorts: FOURNISSEUR_SORTS, filters: ['actif'] };
const FORM_ID = 'fournisseur-form';

function Fournisseurs({ serviceId }: { serviceId: number }) {
  const list = useListParams(LIST);
  const fournisseurs = useFournisseurs(serviceId, list.query);
  useClampedPage(list, fournisseurs.data?.total);
  const dialog = useDialogParam();
  const create = useCreateFournisseur(serviceId);
  const update = useUpdateFournisseur(serviceId);
  const remove = useDeleteFournisseur(serviceId);
  const feedback = useFeedback();
  const edited = typeof dialog.target === 'number' ? (fournisseurs.data?.items.find((c) => c.id === dialog.target) ?? null) : null;
  const showForm = (dialog.target === 'new' || edited !== null);

  const open = (target: 'new' | number) => {
    create.reset();
    update.reset();
    dialog.open(target);
  };
  const save = (body: FournisseurInput) => {
    const onSuccess = (c: Fournisseur) => {
      dialog.close();
      feedback.success(edited ? 'Fournisseur enregistré' : 'Fournisseur créé', `« ${c.nom} » ${edited ? 'a été mis à jour' : 'a été ajouté'}.`);
    };
    const onError = (error: unknown) => {
      if (isDuplicateWarning(error)) confirmDuplicate(error, () => save({ ...body, confirmerDoublon: true }));
      else feedback.formError(edited ? 'Enregistrement impossible' : 'Création impossible', FOURNISSEUR_FIELDS)(error);
    };
    if (edited) update.mutate({ id: edited.id, body }, { onSuccess, onError });
    else create.mutate(body, { onSuccess, onError });
  };
  const askDelete = (c: Fournisseur) =>
    confirmDialog({
      header: 'Supprimer le fournisseur',
      message: `Supprimer le fournisseur « ${c.nom} » ?`,
      icon: 'pi pi-exclamation-triangle',
      acceptClassName: 'p-button-danger',
      acceptLabel: 'Oui',
      rejectLabel: 'Non',
      defaultFocus: 'reject',
      accept: () => remove.mutate(c.id, { onSuccess: () => feedback.success('Fournisseur supprimé', `« ${c.nom} » a été supprimé.`), onError: feedback.actionError('Suppression impossible') }),
    });
  const actions = (c: Fournisseur) => (
    <div className="flex gap-1 justify-content-end">
      <Button type="button" icon="pi pi-pencil" rounded text aria-label={`Modifier ${c.nom}`} onClick={() => open(c.id)} />
      <Button type="button" icon="pi pi-trash" rounded text severity="danger" aria-label={`Supprimer ${c.nom}`} onClick={() => askDelete(c)} />
    </div>
  );
  const error = edited ? update.error : create.error;

  return (
    <div className="card-surface">
      <ConfirmDialog />
      <PageHeader title="Fournisseurs">
        <Button type="button" label="Nouveau fournisseur" icon="pi pi-plus" onClick={() => open('new')} />
      </PageHeader>
      {fournisseurs.isError && <Message severity="error" text={errorMessage(fournisseurs.error)} className="w-full justify-content-start mb-3" />}
      <DataTable
        value={fournisseurs.data?.items ?? []}
        dataKey="id"
        loading={fournisseurs.isFetching}
        header={<SearchBox value={list.state.q} onSearch={list.setSearch} label="Rechercher un fournisseur" placeholder="Nom, contact, téléphone ou e-mail" />}
        emptyMessage="Aucun fournisseur"
        stripedRows
        size="small"
        data-testid="fournisseurs-table"
        {...pagedTableProps(list, fournisseurs.data?.total ?? 0)}
      >
        <Column header="Nom" sortable field="nom" />
        <Column header="Téléphone" body={(c: Fournisseur) => c.telephone ?? '—'} />
        <Column header="Adresse e-mail" body={(c: Fournisseur) => c.email ?? '—'} />
        <Column header="Contact" body={(c: Fournisseur) => c.contact ?? '—'} />
        <Column header="Actions" body={actions} headerClassName="text-right" />
      </DataTable>
      <FormDialog header={edited ? 'Modifier le fournisseur' : 'Nouveau fournisseur'} visible={showForm} onHide={dialog.close} formId={FORM_ID} saving={create.isPending || update.isPending}>
        {showForm && (
          <FournisseurForm key={edited?.id ?? 'new'} formId={FORM_ID} fournisseur={edited} serverErrors={isDuplicateWarning(error) ? {} : fieldErrorsOf(error)} onSave={save} />
        )}
      </FormDialog>
    </div>
  );
}

/** /pages/fournisseurs (owner): the current shop's suppliers. */
export default function FournisseursRoute() {
  return <WithShop>{(serviceId) => <Fournisseurs key={serviceId} serviceId={serviceId} />}</WithShop>;
}
