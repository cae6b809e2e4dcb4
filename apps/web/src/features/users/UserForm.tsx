import {
  ROLE_LABELS,
  userCreateSchema,
  userUpdateSchema,
  type Role,
  type UserCreate,
  type UserItem,
  type UserUpdate,
} from '@comptoir/shared';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import { useState, type FormEvent } from 'react';
import { FormField, fieldA11y } from '../../components/FormField';
import { hasErrors, validate, type FieldErrors } from '../../lib/validation';

export type UserFormMode = 'admin' | 'owner';
export interface ShopOption {
  id: number;
  nom: string;
}

interface Props {
  formId: string;
  mode: UserFormMode;
  /** The user edited, or null for a new one. */
  user: UserItem | null;
  shops: ShopOption[];
  serverErrors: FieldErrors;
  onCreate: (body: UserCreate) => void;
  onUpdate: (body: UserUpdate) => void;
}

/** Fields a server error may name: shown under them. */
export const USER_FIELDS = ['email', 'prenom', 'nom', 'telephone', 'role', 'services'] as const;

const ADMIN_ROLES: Role[] = ['ROLE_PROPRIETAIRE', 'ROLE_ADMIN'];
const ROLE_OPTIONS = ADMIN_ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }));
const NO_SHOP = 'Choisissez au moins une boutique.';

/**
 * A user's identity. The admin creates owners or administrators; an owner edits their managers
 * and picks their shops among the owner's own (managers are invited: InviteForm).
 */
export function UserForm({ formId, mode, user, shops, serverErrors, onCreate, onUpdate }: Props) {
  const [email, setEmail] = useState(user?.email ?? '');
  const [prenom, setPrenom] = useState(user?.prenom ?? '');
  const [nom, setNom] = useState(user?.nom ?? '');
  const [telephone, setTelephone] = useState(user?.telephone ?? '');
  const [role, setRole] = useState<Role>('ROLE_PROPRIETAIRE');
  const [services, setServices] = useState<number[]>(user?.services.map((s) => s.id) ?? []);
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});
  const errors: FieldErrors = { ...serverErrors, ...localErrors };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const common = { prenom: prenom.trim(), nom: nom.trim(), telephone: telephone.trim() };
    const shopsOf = mode === 'owner' ? { services } : {};
    const found =
      user === null
        ? validate(userCreateSchema, {
            ...common,
            email: email.trim(),
            ...(mode === 'admin' ? { role } : {}),
            ...shopsOf,
          })
        : validate(userUpdateSchema, { ...common, ...shopsOf });
    if (mode === 'owner' && services.length === 0) found['services'] = NO_SHOP;
    setLocalErrors(found);
    if (hasErrors(found)) return;
    if (user === null)
      onCreate({
        ...common,
        email: email.trim(),
        role,
      });
    else onUpdate({ ...common, ...shopsOf });
  };

  const text = (
    id: 'prenom' | 'nom' | 'telephone',
    label: string,
    value: string,
    set: (v: string) => void,
    autoComplete: string,
  ) => (
    <FormField id={`user-${id}`} label={label} error={errors[id]} className="field col-12 md:col-6">
      <InputText
        id={`user-${id}`}
        value={value}
        onChange={(e) => set(e.target.value)}
        autoComplete={autoComplete}
        type={id === 'telephone' ? 'tel' : 'text'}
        className="w-full"
        invalid={Boolean(errors[id])}
        {...fieldA11y(`user-${id}`, errors[id])}
      />
    </FormField>
  );

  return (
    <form
      id={formId}
      onSubmit={submit}
      noValidate
      aria-label="Utilisateur"
      className="formgrid grid"
    >
      <FormField
        id="user-email"
        label="Adresse e-mail"
        error={errors['email']}
        className="field col-12"
        hint={user ? undefined : 'Une invitation à choisir son mot de passe y sera envoyée.'}
      >
        <InputText
          id="user-email"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          readOnly={user !== null}
          disabled={user !== null}
          autoComplete="off"
          className="w-full"
          invalid={Boolean(errors['email'])}
          {...fieldA11y('user-email', errors['email'])}
        />
      </FormField>
      {text('prenom', 'Prénom', prenom, setPrenom, 'off')}
      {text('nom', 'Nom', nom, setNom, 'off')}
      {text('telephone', 'Téléphone', telephone, setTelephone, 'off')}
      {mode === 'admin' && user === null && (
        <FormField
          id="user-role"
          label="Rôle"
          error={errors['role']}
          className="field col-12 md:col-6"
        >
          <Dropdown
            inputId="user-role"
            value={role}
            options={ROLE_OPTIONS}
            onChange={(e) => setRole(e.value as Role)}
            className="w-full"
            {...fieldA11y('user-role', errors['role'])}
          />
        </FormField>
      )}
      {mode === 'owner' && (
        <FormField
          id="user-services"
          label="Boutiques"
          error={errors['services']}
          className="field col-12"
        >
          <MultiSelect
            inputId="user-services"
            value={services}
            options={shops}
            optionLabel="nom"
            optionValue="id"
            onChange={(e) => setServices(e.value as number[])}
            display="chip"
            placeholder="Choisir les boutiques"
            emptyMessage="Aucune boutique"
            className="w-full"
            invalid={Boolean(errors['services'])}
            {...fieldA11y('user-services', errors['services'])}
          />
        </FormField>
      )}
    </form>
  );
}
