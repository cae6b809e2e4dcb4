import type { Plan } from '@comptoir/shared';
import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { Dropdown } from 'primereact/dropdown';
import { Message } from 'primereact/message';
import { FormDialog } from '../../components/FormDialog';
import { SearchBox } from '../../components/SearchBox';
import { errorMessage, fieldErrorsOf } from '../../lib/errors';
import { useDialogParam } from '../../lib/use-dialog-param';
import { useFeedback } from '../../lib/use-feedback';
import { useClampedPage, useListParams } from '../../lib/use-list-params';
import { useCreatePlan, usePlans, useRetirePlan, useUpdatePlan } from './api';
import { PLANS_LIST } from './abonnements-list';
import { PLAN_FIELDS, PlanForm } from './PlanForm';
import { PlansTable } from './PlansTable';

const FORM_ID = 'plan-form';
const RETIRE_OPTIONS = [
  { value: 'false', label: 'En vente' },
  { value: 'true', label: 'Retirées' },
];

/** The « Formules » tab: plans on sale and retired ones; create, edit, retire. */
export function PlansTab() {
  const list = useListParams(PLANS_LIST);
  const plans = usePlans(list.query);
  useClampedPage(list, plans.data?.total);
  const dialog = useDialogParam('plan');
  const create = useCreatePlan();
  const update = useUpdatePlan();
  const retire = useRetirePlan();
  const feedback = useFeedback();
  const edited =
    typeof dialog.target === 'number'
      ? (plans.data?.items.find((p) => p.id === dialog.target) ?? null)
      : null;
  const showForm = dialog.target === 'new' || edited !== null;

  const open = (target: 'new' | number) => {
    create.reset();
    update.reset();
    dialog.open(target);
  };
  const askRetire = (plan: Plan) =>
    confirmDialog({
      header: 'Retirer la formule',
      message: `Retirer « ${plan.nom} » ? Elle restera sur les abonnements en cours ou passés, mais ne pourra plus être choisie.`,
      icon: 'pi pi-exclamation-triangle',
      acceptClassName: 'p-button-danger',
      defaultFocus: 'reject',
      accept: () =>
        retire.mutate(plan.id, {
          onSuccess: () =>
            feedback.success('Formule retirée', `« ${plan.nom} » ne peut plus être choisie.`),
          onError: feedback.actionError('Retrait impossible'),
        }),
    });
  const done = (summary: string, detail: string) => () => {
    dialog.close();
    feedback.success(summary, detail);
  };

  const header = (
    <div className="flex flex-wrap gap-2 align-items-center justify-content-between">
      <div className="flex flex-wrap gap-2">
        <SearchBox
          value={list.state.q}
          onSearch={list.setSearch}
          label="Rechercher une formule"
          placeholder="Nom"
        />
        <Dropdown
          value={list.state.filters['retire'] ?? null}
          options={RETIRE_OPTIONS}
          onChange={(e) => list.setFilter('retire', (e.value as string | null) ?? null)}
          placeholder="Toutes les formules"
          showClear
          aria-label="Filtrer les formules"
        />
      </div>
      <Button
        type="button"
        label="Nouvelle formule"
        icon="pi pi-plus"
        onClick={() => open('new')}
      />
    </div>
  );

  return (
    <>
      {plans.isError && (
        <Message
          severity="error"
          text={errorMessage(plans.error)}
          className="w-full justify-content-start mb-3"
        />
      )}
      <PlansTable
        page={plans.data}
        loading={plans.isFetching}
        list={list}
        header={header}
        onEdit={(p) => open(p.id)}
        onRetire={askRetire}
      />
      <FormDialog
        header={edited ? 'Modifier la formule' : 'Nouvelle formule'}
        visible={showForm}
        onHide={dialog.close}
        formId={FORM_ID}
        saving={create.isPending || update.isPending}
      >
        {showForm && (
          <PlanForm
            key={edited?.id ?? 'new'}
            formId={FORM_ID}
            plan={edited}
            serverErrors={fieldErrorsOf(edited ? update.error : create.error)}
            onSave={(body) =>
              edited
                ? update.mutate(
                    { id: edited.id, body },
                    {
                      onSuccess: done('Formule enregistrée', `« ${body.nom} » a été mise à jour.`),
                      onError: feedback.formError('Enregistrement impossible', PLAN_FIELDS),
                    },
                  )
                : create.mutate(body, {
                    onSuccess: done('Formule créée', `« ${body.nom} » est en vente.`),
                    onError: feedback.formError('Création impossible', PLAN_FIELDS),
                  })
            }
          />
        )}
      </FormDialog>
    </>
  );
}
