import { CURRENCIES } from '@comptoir/shared';
import { Dropdown } from 'primereact/dropdown';
import { FormField, fieldA11y } from '../../components/FormField';
import { COUNTRY_OPTIONS } from './countries';
import { TextField, fieldId, type SectionProps } from './fields';

const CURRENCY_OPTIONS = CURRENCIES.map((c) => ({ value: c.code, label: `${c.nom} (${c.code})` }));

interface Props extends SectionProps {
  /** False once the shop holds a priced document. */
  currencyEditable: boolean;
}

/** Name, address, contact, country and currency of a shop. */
export function ServiceGeneralFields({ currencyEditable, ...props }: Props) {
  const { values, set, errors, disabled } = props;
  return (
    <>
      <TextField
        {...props}
        field="nom"
        label="Nom de la boutique"
        className="field col-12"
        maxLength={120}
      />
      <TextField
        {...props}
        field="adresse"
        label="Adresse"
        className="field col-12"
        maxLength={255}
      />
      <TextField {...props} field="ville" label="Ville" maxLength={120} />
      <FormField
        id={fieldId('pays')}
        label="Pays"
        error={errors['pays']}
        className="field col-12 md:col-6"
      >
        <Dropdown
          inputId={fieldId('pays')}
          value={values.pays}
          options={COUNTRY_OPTIONS}
          onChange={(e) => set('pays', (e.value as string | null) ?? null)}
          filter
          showClear
          placeholder="Choisir un pays"
          emptyFilterMessage="Aucun pays"
          disabled={disabled}
          className="w-full"
          invalid={Boolean(errors['pays'])}
          {...fieldA11y(fieldId('pays'), errors['pays'])}
        />
      </FormField>
      <TextField {...props} field="telephone" label="Téléphone" type="tel" maxLength={30} />
      <TextField
        {...props}
        field="email"
        label="Adresse e-mail de la boutique"
        type="email"
        maxLength={254}
      />
      <FormField
        id={fieldId('devise')}
        label="Devise"
        error={errors['devise']}
        className="field col-12 md:col-6"
        {...(currencyEditable
          ? {}
          : {
              hint: 'La devise ne peut plus changer : la boutique a déjà des documents chiffrés.',
            })}
      >
        <Dropdown
          inputId={fieldId('devise')}
          value={values.devise}
          options={CURRENCY_OPTIONS}
          onChange={(e) => set('devise', e.value as string)}
          filter
          disabled={disabled || !currencyEditable}
          className="w-full"
          invalid={Boolean(errors['devise'])}
          {...fieldA11y(fieldId('devise'), errors['devise'])}
        />
      </FormField>
    </>
  );
}
