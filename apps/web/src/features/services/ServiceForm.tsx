import { serviceInputSchema, type ServiceDetail, type ServiceInput } from '@comptoir/shared';
import { Divider } from 'primereact/divider';
import { useState, type FormEvent } from 'react';
import { hasErrors, validate, type FieldErrors } from '../../lib/validation';
import { ServiceGeneralFields } from './ServiceGeneralFields';
import { ServiceFactureFields } from './ServiceFactureFields';
import { ServiceLegalFields } from './ServiceLegalFields';
import { ServiceLogoField } from './ServiceLogoField';
import { ServiceTicketFields } from './ServiceTicketFields';
import {
  formValuesOf,
  toServiceInput,
  type ServiceFormValues,
  type SetValue,
} from './service-form';

interface Props {
  formId: string;
  /** The shop edited, or null for a new one. */
  shop: ServiceDetail | null;
  readOnly: boolean;
  serverErrors: FieldErrors;
  logoBusy: boolean;
  onSave: (body: ServiceInput, pendingLogo: File | null) => void;
  /** Editing: the logo is sent at once. */
  onUploadLogo: (file: File) => void;
  onRemoveLogo: () => void;
  onLogoTooLarge: () => void;
}

const Section = ({ title }: { title: string }) => (
  <div className="col-12">
    <Divider align="left" className="mt-2">
      <span className="font-semibold">{title}</span>
    </Divider>
  </div>
);

/**
 * Every field of a shop (shop schemas of shared), checked with the server's schema before sending.
 */
export function ServiceForm({
  formId,
  shop,
  readOnly,
  serverErrors,
  logoBusy,
  onSave,
  onUploadLogo,
  onRemoveLogo,
  onLogoTooLarge,
}: Props) {
  const [values, setValues] = useState<ServiceFormValues>(() => formValuesOf(shop));
  const [pendingLogo, setPendingLogo] = useState<File | null>(null);
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});
  const errors: FieldErrors = { ...serverErrors, ...localErrors };
  const set: SetValue = (field, value) => setValues((v) => ({ ...v, [field]: value }));
  const section = { values, set, errors, disabled: readOnly };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (readOnly) return;
    const body = toServiceInput(values);
    const found = validate(serviceInputSchema, body);
    setLocalErrors(found);
    if (!hasErrors(found)) onSave(body, pendingLogo);
  };

  return (
    <form id={formId} onSubmit={submit} noValidate aria-label="Boutique" className="formgrid grid">
      {shop && readOnly && (
        <p className="col-12 mt-0 text-color-secondary" data-testid="service-owner">
          Propriétaire : {shop.owner.prenom} {shop.owner.nom} ({shop.owner.email})
        </p>
      )}
      <ServiceGeneralFields {...section} currencyEditable={shop?.deviseModifiable ?? true} />
      <Section title="Identifiants et TVA" />
      <ServiceLegalFields {...section} />
      <Section title="Factures" />
      <ServiceFactureFields {...section} />
      <Section title="Caisse et ticket" />
      <ServiceTicketFields {...section} />
      <ServiceLogoField
        logo={shop?.logo ?? null}
        pending={pendingLogo}
        busy={logoBusy}
        disabled={readOnly}
        onPick={(file) => (shop ? onUploadLogo(file) : setPendingLogo(file))}
        onRemove={shop ? onRemoveLogo : null}
        onTooLarge={onLogoTooLarge}
      />
    </form>
  );
}
