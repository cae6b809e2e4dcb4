import { InputNumber } from 'primereact/inputnumber';
import { FormField, fieldA11y } from '../../components/FormField';
import { legalKind } from './countries';
import { SwitchField, TextField, fieldId, type SectionProps } from './fields';

/** Legal identifiers of the shop's country, and VAT: liable or not, default rate. */
export function ServiceLegalFields(props: SectionProps) {
  const { values, set, errors, disabled } = props;
  const legal = legalKind(values.pays);
  const rateId = fieldId('tauxTvaDefaut');
  return (
    <>
      {legal === 'fr' && (
        <>
          <TextField {...props} field="siret" label="SIRET" hint="14 chiffres." maxLength={20} />
          <TextField
            {...props}
            field="tvaIntracom"
            label="N° de TVA intracommunautaire"
            hint="Par exemple FR40123456789."
            maxLength={20}
          />
          <TextField
            {...props}
            field="rcs"
            label="RCS ou RM"
            hint="Par exemple RCS Paris 123 456 789 ; il figure sur les factures."
            maxLength={80}
          />
        </>
      )}
      {legal === 'ohada' && (
        <>
          <TextField {...props} field="ninea" label="NINEA" maxLength={20} />
          <TextField {...props} field="rccm" label="RCCM" maxLength={40} />
        </>
      )}
      <TextField
        {...props}
        field="formeJuridique"
        label="Forme juridique"
        hint="Par exemple SARL ou SAS ; elle figure sur les factures."
        maxLength={40}
      />
      <SwitchField {...props} field="assujettiTva" label="Assujettie à la TVA" />
      {values.assujettiTva && (
        <FormField
          id={rateId}
          label="Taux de TVA par défaut"
          error={errors['tauxTvaDefaut']}
          className="field col-12 md:col-6"
        >
          <InputNumber
            inputId={rateId}
            value={values.tauxTva}
            onValueChange={(e) => set('tauxTva', e.value ?? null)}
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
            invalid={Boolean(errors['tauxTvaDefaut'])}
            {...fieldA11y(rateId, errors['tauxTvaDefaut'])}
          />
        </FormField>
      )}
    </>
  );
}
