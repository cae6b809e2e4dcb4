import { UNITE_SORTS, type Unite } from '@comptoir/shared';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { ConfirmDialog, confirmDialog } from 'primereact/confirmdialog';
import { DataTable } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { FormDialog } from '../../components/FormDialog';
import { PageHeader } from '../../components/PageHeader';
import { SearchBox } from '../../components/SearchBox';
import { CardList } from '../../components/list/CardList';
import { pagedCardsProps, pagedTableProps } from '../../components/paged-table';
import { errorMessage, fieldErrorsOf } from '../../lib/errors';
import type { ListSpec } from '../../lib/list-params';
import { useDialogParam } from '../../lib/use-dialog-param';
import { useFeedback } from '../../lib/use-feedback';
import { useIsPhone } from '../../lib/use-phone';
import { useClampedPage, useListParams } from '../../lib/use-list-params';
import { useCreateUnite, useDeleteUnite, useUnite, useUnites, useUpdateUnite } from './api';
import { UNITE_FIELDS, UniteForm } from './UniteForm';

const LIST: ListSpec = { sorts: UNITE_SORTS };
const FORM_ID = 'unite-form';

/** /pages/unites (administrator): the global list of units of measure. */
export default function UnitesRoute() {
  const list = useListParams(LIST);
  const unites = useUnites(list.query);
  useClampedPage(list, unites.data?.total);
  const dialog = useDialogParam();
  const create = useCreateUnite();
  const update = useUpdateUnite();
  const remove = useDeleteUnite();
  const feedback = useFeedback();
  const editedId = typeof dialog.target === 'number' ? dialog.target : null;
  const detail = useUnite(
    editedId,
    unites.data?.items.find((u) => u.id === editedId),
  );
  const edited = editedId !== null ? (detail.data ?? null) : null;

  const open = (target: 'new' | number) => {
    create.reset();
    update.reset();
    dialog.open(target);
  };
  const done = (summary: string, detail: string) => () => {
    dialog.close();
    feedback.success(summary, detail);
  };
  const askDelete = (u: Unite) =>
    confirmDialog({
      header: "Supprimer l'unité",
      message: `Supprimer l'unité « ${u.nom} » ?`,
      icon: 'pi pi-exclamation-triangle',
      acceptClassName: 'p-button-danger',
      defaultFocus: 'reject',
      accept: () =>
        remove.mutate(u.id, {
          onSuccess: () => feedback.success('Unité supprimée', `« ${u.nom} » a été supprimée.`),
          onError: feedback.actionError('Suppression impossible'),
        }),
    });

  const actions = (u: Unite) => (
    <div className="flex gap-1 justify-content-end">
      <Button
        type="button"
        icon="pi pi-pencil"
        rounded
        text
        aria-label={`Modifier ${u.nom}`}
        onClick={() => open(u.id)}
      />
      <Button
        type="button"
        icon="pi pi-trash"
        rounded
        text
        severity="danger"
        aria-label={`Supprimer ${u.nom}`}
        onClick={() => askDelete(u)}
      />
    </div>
  );
  const showForm = dialog.target === 'new' || edited !== null;

  const phone = useIsPhone();
  const search = (
    <SearchBox
      value={list.state.q}
      onSearch={list.setSearch}
      label="Rechercher une unité"
      placeholder="Nom ou symbole"
    />
  );
  return (
    <div className="card-surface">
      <ConfirmDialog />
      <PageHeader title="Unités">
        <Button
          type="button"
          label="Nouvelle unité"
          icon="pi pi-plus"
          onClick={() => open('new')}
        />
      </PageHeader>
      {unites.isError && (
        <Message
          severity="error"
          text={errorMessage(unites.error)}
          className="w-full justify-content-start mb-3"
        />
      )}
      {phone ? (
        <CardList
          value={unites.data?.items ?? []}
          rowKey={(r) => r.id}
          label="Unités"
          emptyMessage="Aucune unité"
          loading={unites.isFetching}
          header={search}
          paging={pagedCardsProps(list, unites.data?.total ?? 0)}
          testId="unites-cards"
          card={(u) => ({
            title: `${u.nom} (${u.symbole})`,
            details: [u.fractionnable ? 'Quantités décimales' : 'Quantités entières'],
            actions: actions(u),
          })}
        />
      ) : (
        <DataTable
          value={unites.data?.items ?? []}
          dataKey="id"
          loading={unites.isFetching}
          header={search}
          emptyMessage="Aucune unité"
          stripedRows
          size="small"
          data-testid="unites-table"
          {...pagedTableProps(list, unites.data?.total ?? 0)}
        >
          <Column header="Nom" sortable field="nom" />
          <Column header="Symbole" sortable field="symbole" />
          <Column
            header="Quantités"
            body={(u: Unite) => (u.fractionnable ? 'Décimales' : 'Entières')}
          />
          <Column header="Actions" body={actions} />
        </DataTable>
      )}
      <FormDialog
        header={edited ? "Modifier l'unité" : 'Nouvelle unité'}
        visible={showForm}
        onHide={dialog.close}
        formId={FORM_ID}
        saving={create.isPending || update.isPending}
        width="32rem"
      >
        {showForm && (
          <UniteForm
            key={edited?.id ?? 'new'}
            formId={FORM_ID}
            unite={edited}
            serverErrors={fieldErrorsOf(edited ? update.error : create.error)}
            onSave={(body) =>
              edited
                ? update.mutate(
                    { id: edited.id, body },
                    {
                      onSuccess: done('Unité enregistrée', `« ${body.nom} » a été mise à jour.`),
                      onError: feedback.formError('Enregistrement impossible', UNITE_FIELDS),
                    },
                  )
                : create.mutate(body, {
                    onSuccess: done('Unité créée', `« ${body.nom} » a été ajoutée.`),
                    onError: feedback.formError('Création impossible', UNITE_FIELDS),
                  })
            }
          />
        )}
      </FormDialog>
    </div>
  );
}
