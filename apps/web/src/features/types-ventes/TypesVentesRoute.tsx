import { PRIX_UTILISE_LABELS, TYPE_VENTE_SORTS, type TypeVente } from '@comptoir/shared';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { ConfirmDialog, confirmDialog } from 'primereact/confirmdialog';
import { DataTable } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
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
import {
  useCreateTypeVente,
  useDeleteTypeVente,
  useTypeVente,
  useTypesVentes,
  useUpdateTypeVente,
} from './api';
import { TYPE_VENTE_FIELDS, TypeVenteForm } from './TypeVenteForm';

const LIST: ListSpec = { sorts: TYPE_VENTE_SORTS };
const FORM_ID = 'type-vente-form';

const activeCell = (t: TypeVente) =>
  t.actif ? <Tag value="Actif" severity="success" /> : <Tag value="Inactif" severity="secondary" />;

/** /pages/types-ventes (administrator): the global list of sale types. */
export default function TypesVentesRoute() {
  const list = useListParams(LIST);
  const types = useTypesVentes(list.query);
  useClampedPage(list, types.data?.total);
  const dialog = useDialogParam();
  const create = useCreateTypeVente();
  const update = useUpdateTypeVente();
  const remove = useDeleteTypeVente();
  const feedback = useFeedback();
  const editedId = typeof dialog.target === 'number' ? dialog.target : null;
  const detail = useTypeVente(
    editedId,
    types.data?.items.find((t) => t.id === editedId),
  );
  const edited = editedId !== null ? (detail.data ?? null) : null;
  const showForm = dialog.target === 'new' || edited !== null;

  const open = (target: 'new' | number) => {
    create.reset();
    update.reset();
    dialog.open(target);
  };
  const done = (summary: string, detailText: string) => () => {
    dialog.close();
    feedback.success(summary, detailText);
  };
  const askDelete = (t: TypeVente) =>
    confirmDialog({
      header: 'Supprimer le type de vente',
      message: `Supprimer le type de vente « ${t.nom} » ?`,
      icon: 'pi pi-exclamation-triangle',
      acceptClassName: 'p-button-danger',
      defaultFocus: 'reject',
      accept: () =>
        remove.mutate(t.id, {
          onSuccess: () =>
            feedback.success('Type de vente supprimé', `« ${t.nom} » a été supprimé.`),
          onError: feedback.actionError('Suppression impossible'),
        }),
    });

  const actions = (t: TypeVente) => (
    <div className="flex gap-1 justify-content-end">
      <Button
        type="button"
        icon="pi pi-pencil"
        rounded
        text
        aria-label={`Modifier ${t.nom}`}
        onClick={() => open(t.id)}
      />
      <Button
        type="button"
        icon="pi pi-trash"
        rounded
        text
        severity="danger"
        aria-label={`Supprimer ${t.nom}`}
        onClick={() => askDelete(t)}
      />
    </div>
  );

  const phone = useIsPhone();
  const search = (
    <SearchBox
      value={list.state.q}
      onSearch={list.setSearch}
      label="Rechercher un type de vente"
      placeholder="Nom"
    />
  );
  return (
    <div className="card-surface">
      <ConfirmDialog />
      <PageHeader title="Types de vente">
        <Button
          type="button"
          label="Nouveau type de vente"
          icon="pi pi-plus"
          onClick={() => open('new')}
        />
      </PageHeader>
      {types.isError && (
        <Message
          severity="error"
          text={errorMessage(types.error)}
          className="w-full justify-content-start mb-3"
        />
      )}
      {phone ? (
        <CardList
          value={types.data?.items ?? []}
          rowKey={(r) => r.id}
          label="Types de vente"
          emptyMessage="Aucun type de vente"
          loading={types.isFetching}
          header={search}
          paging={pagedCardsProps(list, types.data?.total ?? 0)}
          testId="types-ventes-cards"
          card={(t) => ({
            title: t.nom,
            status: activeCell(t),
            details: [`Prix utilisé : ${PRIX_UTILISE_LABELS[t.prixUtilise]}`],
            actions: actions(t),
          })}
        />
      ) : (
        <DataTable
          value={types.data?.items ?? []}
          dataKey="id"
          loading={types.isFetching}
          header={search}
          emptyMessage="Aucun type de vente"
          stripedRows
          size="small"
          data-testid="types-ventes-table"
          {...pagedTableProps(list, types.data?.total ?? 0)}
        >
          <Column header="Nom" sortable field="nom" />
          <Column
            header="Prix utilisé"
            body={(t: TypeVente) => PRIX_UTILISE_LABELS[t.prixUtilise]}
          />
          <Column header="Statut" body={activeCell} />
          <Column header="Actions" body={actions} />
        </DataTable>
      )}
      <FormDialog
        header={edited ? 'Modifier le type de vente' : 'Nouveau type de vente'}
        visible={showForm}
        onHide={dialog.close}
        formId={FORM_ID}
        saving={create.isPending || update.isPending}
        width="32rem"
      >
        {showForm && (
          <TypeVenteForm
            key={edited?.id ?? 'new'}
            formId={FORM_ID}
            typeVente={edited}
            serverErrors={fieldErrorsOf(edited ? update.error : create.error)}
            onSave={(body) =>
              edited
                ? update.mutate(
                    { id: edited.id, body },
                    {
                      onSuccess: done(
                        'Type de vente enregistré',
                        `« ${body.nom} » a été mis à jour.`,
                      ),
                      onError: feedback.formError('Enregistrement impossible', TYPE_VENTE_FIELDS),
                    },
                  )
                : create.mutate(body, {
                    onSuccess: done('Type de vente créé', `« ${body.nom} » a été ajouté.`),
                    onError: feedback.formError('Création impossible', TYPE_VENTE_FIELDS),
                  })
            }
          />
        )}
      </FormDialog>
    </div>
  );
}
