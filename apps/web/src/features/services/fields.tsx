import { InputSwitch } from 'primereact/inputswitch';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { FormField, fieldA11y } from '../../components/FormField';
import type { FieldErrors } from '../../lib/validation';
import type { ServiceFormValues, SetValue } from './service-form';

/** What every section of the shop form receives. */
export interface SectionProps {
  values: ServiceFormValues;
  set: SetValue;
  errors: FieldErrors;
  disabled: boolean;
}

type TextKey = {
  [K in keyof ServiceFormValues]: ServiceFormValues[K] extends string ? K : never;
}[keyof ServiceFormValues];
type BoolKey = {
  [K in keyof ServiceFormValues]: ServiceFormValues[K] extends boolean ? K : never;
}[keyof ServiceFormValues];

export const fieldId = (field: string): string => `service-${field}`;

interface TextProps extends SectionProps {
  field: TextKey;
  label: string;
  className?: string;
  type?: 'text' | 'tel' | 'email';
  hint?: string;
  multiline?: boolean;
  maxLength?: number;
}

/** One text field of the shop form (an input, or a textarea when multiline). */
export function TextField({
  field,
  label,
  className = 'field col-12 md:col-6',
  type = 'text',
  hint,
  multiline,
  maxLength,
  values,
  set,
  errors,
  disabled,
}: TextProps) {
  const id = fieldId(field);
  const error = errors[field];
  const common = {
    id,
    value: values[field],
    disabled,
    maxLength,
    className: 'w-full',
    invalid: Boolean(error),
    ...fieldA11y(id, error),
  };
  return (
    <FormField
      id={id}
      label={label}
      error={error}
      className={className}
      {...(hint ? { hint } : {})}
    >
      {multiline ? (
        <InputTextarea
          {...common}
          rows={3}
          autoResize
          onChange={(e) => set(field, e.target.value)}
        />
      ) : (
        <InputText {...common} type={type} onChange={(e) => set(field, e.target.value)} />
      )}
    </FormField>
  );
}

interface SwitchProps extends SectionProps {
  field: BoolKey;
  label: string;
  hint?: string;
  className?: string;
}

/** A yes/no setting of the shop, as a switch with its label beside. */
export function SwitchField({
  field,
  label,
  hint,
  className = 'field col-12 md:col-6',
  values,
  set,
  errors,
  disabled,
}: SwitchProps) {
  const id = fieldId(field);
  const error = errors[field];
  return (
    <div className={className}>
      <div className="flex align-items-center gap-2">
        <InputSwitch
          inputId={id}
          checked={values[field]}
          onChange={(e) => set(field, Boolean(e.value))}
          disabled={disabled}
          {...fieldA11y(id, error)}
        />
        <label htmlFor={id} className="m-0">
          {label}
        </label>
      </div>
      {hint && <small className="block mt-1 text-color-secondary">{hint}</small>}
      {error && (
        <small id={`${id}-error`} className="field-error" role="alert">
          {error}
        </small>
      )}
    </div>
  );
}
