import type { Page } from '@comptoir/shared';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { ConfirmDialog, confirmDialog } from 'primereact/confirmdialog';
import { DataTable } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { FormDialog } from './FormDialog';
import { NameForm } from './NameForm';
import { PageHeader } from './PageHeader';
import { SearchBox } from './SearchBox';
import { pagedTableProps } from './paged-table';
import { errorMessage, fieldErrorsOf } from '../lib/errors';
import { useDialogParam } from '../lib/use-dialog-param';
import { useFeedback } from '../lib/use-feedback';
import { useClampedPage, type useListParams } from '../lib/use-list-params';

export interface NamedRef {
  id: number;
  nom: string;
  nbProduits: number;
}

type Mutation<V> = UseMutationResult<unknown, Error, V>;

interface Props {
  /** Title of the screen ("Catégories") and the feminine noun of one row ("catégorie"). */
  title: string;
  noun: string;
  testId: string;
  list: ReturnType<typeof useListParams>;
  query: UseQueryResult<Page<NamedRef>>;
  /** Shared zod schema of the body. */
  schema: Parameters<typeof NameForm>[0]['schema'];
  create: Mutation<{ nom: string }>;
  update: Mutation<{ id: number; body: { nom: string } }>;
  remove: Mutation<number>;
  /** May the user delete? (a manager creates and renames categories but does not delete them) */
  canDelete: boolean;
}

const FORM_ID = 'named-ref-form';
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const countCell = (r: NamedRef) => r.nbProduits.toLocaleString('fr-FR');

/**
 * A shop's list of names with their number of products (categories, brands): search, paging and
 * sort in the URL, create and rename in a dialog (`?edit=`), delete refused by the server (409)
 * when products use it, its French sentence shown.
 */
export function NamedRefsScreen({
  title,
  noun,
  testId,
  list,
  query,
  schema,
  create,
  update,
  remove,
  canDelete,
}: Props) {
  useClampedPage(list, query.data?.total);
  const dialog = useDialogParam();
  const feedback = useFeedback();
  const edited =
    typeof dialog.target === 'number'
      ? (query.data?.items.find((r) => r.id === dialog.target) ?? null)
      : null;
  const showForm = dialog.target === 'new' || edited !== null;

  const open = (target: 'new' | number) => {
    create.reset();
    update.reset();
    dialog.open(target);
  };
  const done = (summary: string, detail: string) => () => {
    dialog.close();
    feedback.success(summary, detail);
  };
  const askDelete = (r: NamedRef) =>
    confirmDialog({
      header: `Supprimer la ${noun}`,
      message: `Supprimer la ${noun} « ${r.nom} » ?`,
      icon: 'pi pi-exclamation-triangle',
      acceptClassName: 'p-button-danger',
      defaultFocus: 'reject',
      acceptLabel: 'Oui',
      rejectLabel: 'Non',
      accept: () =>
        remove.mutate(r.id, {
          onSuccess: () =>
            feedback.success(`${capital(noun)} supprimée`, `« ${r.nom} » a été supprimée.`),
          onError: feedback.actionError('Suppression impossible'),
        }),
    });

  const actions = (r: NamedRef) => (
    <div className="flex gap-1 justify-content-end">
      <Button
        type="button"
        icon="pi pi-pencil"
        rounded
        text
        aria-label={`Modifier ${r.nom}`}
        onClick={() => open(r.id)}
      />
      {canDelete && (
        <Button
          type="button"
          icon="pi pi-trash"
          rounded
          text
          severity="danger"
          aria-label={`Supprimer ${r.nom}`}
          onClick={() => askDelete(r)}
        />
      )}
    </div>
  );

  return (
    <div className="card-surface">
      <ConfirmDialog />
      <PageHeader title={title}>
        <Button
          type="button"
          label={`Nouvelle ${noun}`}
          icon="pi pi-plus"
          onClick={() => open('new')}
        />
      </PageHeader>
      {query.isError && (
        <Message
          severity="error"
          text={errorMessage(query.error)}
          className="w-full justify-content-start mb-3"
        />
      )}
      <DataTable
        value={query.data?.items ?? []}
        dataKey="id"
        loading={query.isFetching}
        header={
          <SearchBox
            value={list.state.q}
            onSearch={list.setSearch}
            label={`Rechercher une ${noun}`}
            placeholder="Nom"
          />
        }
        emptyMessage={`Aucune ${noun}`}
        stripedRows
        size="small"
        data-testid={testId}
        {...pagedTableProps(list, query.data?.total ?? 0)}
      >
        <Column header="Nom" sortable field="nom" />
        <Column
          header="Produits"
          sortable
          sortField="nb_produits"
          field="nbProduits"
          body={countCell}
        />
        <Column header="Actions" body={actions} headerClassName="text-right" />
      </DataTable>
      <FormDialog
        header={edited ? `Modifier la ${noun}` : `Nouvelle ${noun}`}
        visible={showForm}
        onHide={dialog.close}
        formId={FORM_ID}
        saving={create.isPending || update.isPending}
        width="28rem"
      >
        {showForm && (
          <NameForm
            key={edited?.id ?? 'new'}
            formId={FORM_ID}
            label={capital(noun)}
            idPrefix={testId}
            nom={edited?.nom ?? ''}
            schema={schema}
            serverErrors={fieldErrorsOf(edited ? update.error : create.error)}
            onSave={(body) =>
              edited
                ? update.mutate(
                    { id: edited.id, body },
                    {
                      onSuccess: done(
                        `${capital(noun)} enregistrée`,
                        `« ${body.nom} » a été mise à jour.`,
                      ),
                      onError: feedback.formError('Enregistrement impossible', ['nom']),
                    },
                  )
                : create.mutate(body, {
                    onSuccess: done(`${capital(noun)} créée`, `« ${body.nom} » a été ajoutée.`),
                    onError: feedback.formError('Création impossible', ['nom']),
                  })
            }
          />
        )}
      </FormDialog>
    </div>
  );
}
