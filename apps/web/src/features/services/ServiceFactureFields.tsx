import { InputNumber } from 'primereact/inputnumber';
import { FormField, fieldA11y } from '../../components/FormField';
import { MoneyInput } from '../../components/MoneyInput';
import { fieldId, type SectionProps } from './fields';

/**
 * The invoice terms of the shop: share capital (printed with the legal form), late-payment
 * penalty rate (empty: three times the legal interest rate is printed) and default payment term.
 */
export function ServiceFactureFields({ values, set, errors, disabled }: SectionProps) {
  const capitalId = fieldId('capital');
  const tauxId = fieldId('tauxPenalites');
  const delaiId = fieldId('delaiPaiement');
  return (
    <>
      <FormField
        id={capitalId}
        label="Capital social"
        hint="Il figure sur les factures après la forme juridique."
        error={errors['capital']}
        className="field col-12 md:col-4"
      >
        <MoneyInput
          id={capitalId}
          value={values.capital}
          onChange={(minor) => set('capital', minor)}
          devise={values.devise}
          error={errors['capital'] ?? null}
        />
      </FormField>
      <FormField
        id={tauxId}
        label="Taux des pénalités de retard (par an)"
        hint="Vide : « trois fois le taux d’intérêt légal »."
        error={errors['tauxPenalites']}
        className="field col-12 md:col-4"
      >
        <InputNumber
          inputId={tauxId}
          value={values.tauxPenalites === null ? null : values.tauxPenalites / 100}
          onValueChange={(e) =>
            set(
              'tauxPenalites',
              e.value === null || e.value === undefined ? null : Math.round(e.value * 100),
            )
          }
          mode="decimal"
          locale="fr-FR"
          minFractionDigits={0}
          maxFractionDigits={2}
          min={0}
          max={100}
          suffix=" %"
          disabled={disabled}
          className="w-full"
          inputClassName="w-full"
          invalid={Boolean(errors['tauxPenalites'])}
          {...fieldA11y(tauxId, errors['tauxPenalites'])}
        />
      </FormField>
      <FormField
        id={delaiId}
        label="Délai de paiement des factures"
        hint="Échéance par défaut, comptée depuis l’émission."
        error={errors['delaiPaiement']}
        className="field col-12 md:col-4"
      >
        <InputNumber
          inputId={delaiId}
          value={values.delaiPaiement}
          onValueChange={(e) => set('delaiPaiement', e.value ?? 0)}
          locale="fr-FR"
          min={0}
          max={365}
          suffix=" jours"
          disabled={disabled}
          className="w-full"
          inputClassName="w-full"
          invalid={Boolean(errors['delaiPaiement'])}
          {...fieldA11y(delaiId, errors['delaiPaiement'])}
        />
      </FormField>
    </>
  );
}
