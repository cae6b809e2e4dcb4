import type { TiersRef } from '@comptoir/shared';
import { Calendar } from 'primereact/calendar';
import { InputText } from 'primereact/inputtext';
import { useCallback } from 'react';
import { EcheanceInput } from '../../../components/document/EcheanceInput';
import { TiersPicker, type NewTiers } from '../../../components/document/TiersPicker';
import { FormField, fieldA11y } from '../../../components/FormField';
import { fromIsoDay, toIsoDay } from '../../../lib/dates';
import { createFournisseur, searchFournisseurs } from '../api';
import type { AchatEntete } from './achat-cart';

interface Props {
  serviceId: number;
  entete: AchatEntete;
  errors: Record<string, string>;
  onChange: (patch: Partial<AchatEntete>) => void;
}

/** The head of a purchase: supplier (found, or created on the spot), day, reference, due date. */
export function AchatEnteteFields({ serviceId, entete, errors, onChange }: Props) {
  const search = useCallback((q: string) => searchFournisseurs(serviceId, q), [serviceId]);
  const create = useCallback((b: NewTiers) => createFournisseur(serviceId, b), [serviceId]);
  return (
    <div className="formgrid grid">
      <FormField
        id="achat-fournisseur"
        label="Fournisseur"
        error={errors['fournisseurId']}
        className="field col-12 md:col-6"
      >
        <TiersPicker
          type="fournisseur"
          inputId="achat-fournisseur"
          placeholder="Nom ou téléphone"
          value={entete.fournisseur}
          onChange={(f: TiersRef | null) => onChange({ fournisseur: f })}
          search={search}
          create={create}
          invalid={Boolean(errors['fournisseurId'])}
        />
      </FormField>
      <FormField
        id="achat-date"
        label="Date de réception"
        error={errors['date']}
        className="field col-12 md:col-3"
      >
        <Calendar
          inputId="achat-date"
          value={fromIsoDay(entete.date)}
          onChange={(e) => {
            if (e.value instanceof Date) onChange({ date: toIsoDay(e.value) });
          }}
          dateFormat="dd/mm/yy"
          showIcon
          invalid={Boolean(errors['date'])}
        />
      </FormField>
      <FormField
        id="achat-reference"
        label="Référence du fournisseur (facultatif)"
        error={errors['referenceFournisseur']}
        className="field col-12 md:col-3"
      >
        <InputText
          id="achat-reference"
          value={entete.referenceFournisseur}
          onChange={(e) => onChange({ referenceFournisseur: e.target.value })}
          maxLength={80}
          placeholder="N° du bon de livraison"
          className="w-full"
          {...fieldA11y('achat-reference', errors['referenceFournisseur'])}
        />
      </FormField>
      <FormField
        id="achat-echeance"
        label="Échéance du reste à payer (facultatif)"
        error={errors['echeance']}
        className="field col-12 md:col-4"
      >
        <EcheanceInput
          id="achat-echeance"
          value={entete.echeance}
          onChange={(echeance) => onChange({ echeance })}
          invalid={Boolean(errors['echeance'])}
        />
      </FormField>
    </div>
  );
}
