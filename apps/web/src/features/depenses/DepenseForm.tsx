import {
  MODES_PAIEMENT,
  MODE_PAIEMENT_LABELS,
  PHOTO_MAX_BYTES,
  depenseInputSchema,
  type Depense,
  type ModePaiement,
} from '@comptoir/shared';
import { Calendar } from 'primereact/calendar';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useState, type FormEvent } from 'react';
import { FormDialog } from '../../components/FormDialog';
import { FormField, fieldA11y } from '../../components/FormField';
import { MoneyInput } from '../../components/MoneyInput';
import { newCleIdempotence } from '../../lib/cle-idempotence';
import { fromIsoDay, toIsoDay } from '../../lib/dates';
import { fieldErrorsOf } from '../../lib/errors';
import { useShopToday } from '../../lib/shop';
import { useFeedback } from '../../lib/use-feedback';
import { validate } from '../../lib/validation';
import { useCategoriesDepenses, useDepenseMutations } from './api';

interface Props {
  serviceId: number;
  devise: string;
  /** The expense to edit (owner), or null for a new one. */
  depense: Depense | null;
  onDone: (depense: Depense) => void;
  onHide: () => void;
}

const FORM_ID = 'depense-form';
const FIELDS = ['categorieId', 'libelle', 'montant', 'date', 'mode'] as const;
const MODE_OPTIONS = MODES_PAIEMENT.map((value) => ({ value, label: MODE_PAIEMENT_LABELS[value] }));
export const RECEIPT_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,application/pdf';
export const RECEIPT_HINT = `Photo (JPEG, PNG, WebP, GIF) ou PDF, ${Math.round(PHOTO_MAX_BYTES / 1048576)}\u00A0Mo au plus.`;

/** « Nouvelle dépense » (with an optional receipt) or the owner's « Modifier la dépense ». */
export function DepenseForm({ serviceId, devise, depense, onDone, onHide }: Props) {
  const [cle] = useState(newCleIdempotence);
  const categories = useCategoriesDepenses(serviceId);
  const [categorieId, setCategorieId] = useState<number | null>(depense?.categorie.id ?? null);
  const [libelle, setLibelle] = useState(depense?.libelle ?? '');
  const [montant, setMontant] = useState<number | null>(depense?.montant ?? null);
  // A new expense is dated the shop's today until another day is picked.
  const today = useShopToday();
  const [picked, setDate] = useState<string | null>(depense?.date ?? null);
  const date = picked ?? today;
  const [mode, setMode] = useState<ModePaiement>(depense?.mode ?? 'especes');
  const [file, setFile] = useState<File | null>(null);
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const m = useDepenseMutations(serviceId);
  const saving = m.create.isPending || m.update.isPending || m.attach.isPending;
  const feedback = useFeedback();
  const errors = {
    ...fieldErrorsOf(m.create.error ?? m.update.error),
    ...localErrors,
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const fields = { categorieId: categorieId ?? 0, libelle, montant: montant ?? 0, date, mode };
    const found = validate(depenseInputSchema, { cleIdempotence: cle, ...fields });
    if (file && file.size > PHOTO_MAX_BYTES)
      found['file'] = 'Le justificatif ne doit pas dépasser 5\u00A0Mo.';
    setLocalErrors(found);
    if (Object.keys(found).length > 0) return;
    const failed = feedback.formError('Enregistrement impossible', FIELDS);
    if (depense) {
      m.update.mutate({ id: depense.id, body: fields }, { onSuccess: onDone, onError: failed });
      return;
    }
    m.create.mutate(
      { cleIdempotence: cle, ...fields },
      {
        onError: failed,
        onSuccess: (created) => {
          if (!file) return onDone(created);
          m.attach.mutate(
            { id: created.id, file },
            {
              onSuccess: onDone,
              onError: (error) => {
                feedback.actionError('Justificatif refusé')(error);
                onDone(created);
              },
            },
          );
        },
      },
    );
  };

  return (
    <FormDialog
      header={depense ? 'Modifier la dépense' : 'Nouvelle dépense'}
      visible
      onHide={onHide}
      formId={FORM_ID}
      saving={saving}
      width="34rem"
    >
      <form id={FORM_ID} onSubmit={submit} noValidate aria-label="Dépense">
        <FormField id="depense-categorie" label="Catégorie" error={errors['categorieId']}>
          <Dropdown
            inputId="depense-categorie"
            value={categorieId}
            options={(categories.data ?? []).map((c) => ({ value: c.id, label: c.nom }))}
            onChange={(e) => setCategorieId((e.value as number | null) ?? null)}
            placeholder="Choisir une catégorie"
            className="w-full"
            invalid={Boolean(errors['categorieId'])}
          />
        </FormField>
        <FormField id="depense-libelle" label="Libellé" error={errors['libelle']}>
          <InputText
            id="depense-libelle"
            value={libelle}
            onChange={(e) => setLibelle(e.target.value)}
            maxLength={200}
            className="w-full"
            {...fieldA11y('depense-libelle', errors['libelle'])}
          />
        </FormField>
        <FormField id="depense-montant" label="Montant" error={errors['montant']}>
          <MoneyInput
            id="depense-montant"
            value={montant}
            onChange={setMontant}
            devise={devise}
            error={errors['montant']}
          />
        </FormField>
        <FormField id="depense-date" label="Date" error={errors['date']}>
          <Calendar
            inputId="depense-date"
            value={fromIsoDay(date)}
            onChange={(e) => setDate(e.value instanceof Date ? toIsoDay(e.value) : '')}
            dateFormat="dd/mm/yy"
            maxDate={fromIsoDay(today) ?? undefined}
            showIcon
            className="w-full"
            invalid={Boolean(errors['date'])}
          />
        </FormField>
        <FormField id="depense-mode" label="Mode de paiement" error={errors['mode']}>
          <Dropdown
            inputId="depense-mode"
            value={mode}
            options={MODE_OPTIONS}
            onChange={(e) => setMode(e.value as ModePaiement)}
            className="w-full"
          />
        </FormField>
        {!depense && (
          <FormField
            id="depense-justificatif"
            label="Justificatif (facultatif)"
            error={errors['file']}
            hint={RECEIPT_HINT}
          >
            <input
              id="depense-justificatif"
              type="file"
              accept={RECEIPT_ACCEPT}
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              className="block"
            />
          </FormField>
        )}
      </form>
    </FormDialog>
  );
}
