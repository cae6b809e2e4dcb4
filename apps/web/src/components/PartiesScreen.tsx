import type { Page } from '@comptoir/shared';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { ConfirmDialog, confirmDialog } from 'primereact/confirmdialog';
import { DataTable } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { FormDialog } from './FormDialog';
import { PageHeader } from './PageHeader';
import { SearchBox } from './SearchBox';
import { CardList, type CardFields } from './list/CardList';
import { pagedCardsProps, pagedTableProps } from './paged-table';
import { useIsPhone } from '../lib/use-phone';
import { confirmDuplicate, isDuplicateWarning } from '../lib/duplicate';
import { errorMessage, fieldErrorsOf } from '../lib/errors';
import { useDialogParam } from '../lib/use-dialog-param';
import { useFeedback } from '../lib/use-feedback';
import { useClampedPage, type useListParams } from '../lib/use-list-params';
import type { FieldErrors } from '../lib/validation';

/** A row of a shop's list of people or companies (customers, suppliers). */
export interface Party {
  id: number;
  nom: string;
}

/** What the screen hands to the route's form. */
export interface PartyFormProps<T, I> {
  formId: string;
  edited: T | null;
  serverErrors: FieldErrors;
  onSave: (body: I) => void;
}

interface Props<T extends Party, I extends { confirmerDoublon?: boolean }> {
  /** Title of the screen ("Clients") and the masculine noun of one row ("client"). */
  title: string;
  noun: string;
  testId: string;
  searchPlaceholder: string;
  formId: string;
  /** Fields shown by the form: a server error on another field is told in a toast. */
  fields: readonly string[];
  list: ReturnType<typeof useListParams>;
  query: UseQueryResult<Page<T>>;
  create: UseMutationResult<T, Error, I>;
  update: UseMutationResult<T, Error, { id: number; body: I }>;
  remove: UseMutationResult<unknown, Error, number>;
  /** May the form open? (false while something it needs, such as the shop's currency, is missing) */
  formReady?: boolean;
  /** The table's own columns, before the actions. */
  children: ReactNode;
  /** A row as a card on a phone (the actions are added). */
  card: (row: T) => CardFields;
  renderForm: (props: PartyFormProps<T, I>) => ReactNode;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * A shop's list of parties (customers, suppliers): search, paging and sort in the URL, create and
 * edit in a dialog (`?edit=`), a likely duplicate (409) confirmed then sent again with
 * `confirmerDoublon`, delete after a confirmation.
 */
export function PartiesScreen<T extends Party, I extends { confirmerDoublon?: boolean }>({
  title,
  noun,
  testId,
  searchPlaceholder,
  formId,
  fields,
  list,
  query,
  create,
  update,
  remove,
  formReady = true,
  children,
  card,
  renderForm,
}: Props<T, I>) {
  const phone = useIsPhone();
  useClampedPage(list, query.data?.total);
  const dialog = useDialogParam();
  const feedback = useFeedback();
  const edited =
    typeof dialog.target === 'number'
      ? (query.data?.items.find((c) => c.id === dialog.target) ?? null)
      : null;
  const showForm = (dialog.target === 'new' || edited !== null) && formReady;
  const Noun = capital(noun);

  const open = (target: 'new' | number) => {
    create.reset();
    update.reset();
    dialog.open(target);
  };
  const save = (body: I) => {
    const onSuccess = (c: T) => {
      dialog.close();
      feedback.success(
        edited ? `${Noun} enregistré` : `${Noun} créé`,
        `« ${c.nom} » ${edited ? 'a été mis à jour' : 'a été ajouté'}.`,
      );
    };
    const onError = (error: unknown) => {
      if (isDuplicateWarning(error))
        confirmDuplicate(error, () => save({ ...body, confirmerDoublon: true }));
      else
        feedback.formError(
          edited ? 'Enregistrement impossible' : 'Création impossible',
          fields,
        )(error);
    };
    if (edited) update.mutate({ id: edited.id, body }, { onSuccess, onError });
    else create.mutate(body, { onSuccess, onError });
  };
  const askDelete = (c: T) =>
    confirmDialog({
      header: `Supprimer le ${noun}`,
      message: `Supprimer le ${noun} « ${c.nom} » ?`,
      icon: 'pi pi-exclamation-triangle',
      acceptClassName: 'p-button-danger',
      acceptLabel: 'Oui',
      rejectLabel: 'Non',
      defaultFocus: 'reject',
      accept: () =>
        remove.mutate(c.id, {
          onSuccess: () => feedback.success(`${Noun} supprimé`, `« ${c.nom} » a été supprimé.`),
          onError: feedback.actionError('Suppression impossible'),
        }),
    });
  const actions = (c: T) => (
    <div className="flex gap-1 justify-content-end">
      <Button
        type="button"
        icon="pi pi-pencil"
        rounded
        text
        aria-label={`Modifier ${c.nom}`}
        onClick={() => open(c.id)}
      />
      <Button
        type="button"
        icon="pi pi-trash"
        rounded
        text
        severity="danger"
        aria-label={`Supprimer ${c.nom}`}
        onClick={() => askDelete(c)}
      />
    </div>
  );
  const error = edited ? update.error : create.error;
  const search = (
    <SearchBox
      value={list.state.q}
      onSearch={list.setSearch}
      label={`Rechercher un ${noun}`}
      placeholder={searchPlaceholder}
    />
  );

  return (
    <div className="card-surface">
      <ConfirmDialog />
      <PageHeader title={title}>
        <Button
          type="button"
          label={`Nouveau ${noun}`}
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
      {phone ? (
        <CardList
          value={query.data?.items ?? []}
          rowKey={(c) => c.id}
          label={title}
          emptyMessage={`Aucun ${noun}`}
          loading={query.isFetching}
          header={search}
          paging={pagedCardsProps(list, query.data?.total ?? 0)}
          testId={testId.replace(/-table$/, '-cards')}
          card={(c) => ({ ...card(c), actions: actions(c) })}
        />
      ) : (
        <DataTable
          value={query.data?.items ?? []}
          dataKey="id"
          loading={query.isFetching}
          header={search}
          emptyMessage={`Aucun ${noun}`}
          stripedRows
          size="small"
          data-testid={testId}
          {...pagedTableProps(list, query.data?.total ?? 0)}
        >
          {children}
          <Column header="Actions" body={actions} headerClassName="text-right" />
        </DataTable>
      )}
      <FormDialog
        header={edited ? `Modifier le ${noun}` : `Nouveau ${noun}`}
        visible={showForm}
        onHide={dialog.close}
        formId={formId}
        saving={create.isPending || update.isPending}
      >
        {showForm && (
          <Fragment key={edited?.id ?? 'new'}>
            {renderForm({
              formId,
              edited,
              serverErrors: isDuplicateWarning(error) ? {} : fieldErrorsOf(error),
              onSave: save,
            })}
          </Fragment>
        )}
      </FormDialog>
    </div>
  );
}
