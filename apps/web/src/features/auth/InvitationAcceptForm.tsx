import type { InvitationDetail } from '@comptoir/shared';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormField, fieldA11y } from '../../components/FormField';
import { PasswordInput } from '../../components/PasswordInput';
import { ApiError, errorMessage, fieldErrorsOf } from '../../lib/errors';
import { confirmationError, newPasswordError, type FieldErrors } from '../../lib/validation';
import { acceptInvitation } from './api';

interface Props {
  invitationKey: string;
  invitation: InvitationDetail;
}

const SUBMIT: Record<InvitationDetail['mode'], string> = {
  creation: 'Créer mon compte et accepter',
  connexion: 'Accepter et me connecter',
  'mot-de-passe': 'Enregistrer et accepter',
};

/** The fields of an invitation's page: the account's password, or a new account. */
export function InvitationAcceptForm({ invitationKey, invitation }: Props) {
  const navigate = useNavigate();
  const { mode } = invitation;
  const [prenom, setPrenom] = useState('');
  const [nom, setNom] = useState('');
  const [telephone, setTelephone] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const creating = mode === 'creation';
  const newPassword = mode !== 'connexion';

  const check = (): FieldErrors => {
    const found: FieldErrors = {};
    if (creating && !prenom.trim()) found['prenom'] = 'Le prénom est obligatoire.';
    if (creating && !nom.trim()) found['nom'] = 'Le nom est obligatoire.';
    if (newPassword) {
      const weak = newPasswordError(password);
      if (weak) found['password'] = weak;
      const mismatch = confirmationError(password, confirmation);
      if (mismatch) found['confirmation'] = mismatch;
    } else if (!password) found['password'] = 'Le mot de passe est obligatoire.';
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await acceptInvitation({
        key: invitationKey,
        password,
        ...(creating
          ? { prenom: prenom.trim(), nom: nom.trim(), telephone: telephone.trim() }
          : {}),
      });
      void navigate('/', { replace: true });
    } catch (error) {
      const fields = fieldErrorsOf(error);
      const keyProblem = error instanceof ApiError && error.code === 'INVALID_INVITATION_KEY';
      if (Object.keys(fields).length && !keyProblem) setErrors(fields);
      else setFailure(errorMessage(error));
      setBusy(false);
    }
  };

  const text = (
    id: 'prenom' | 'nom' | 'telephone',
    label: string,
    value: string,
    set: (v: string) => void,
    autoComplete: string,
  ) => (
    <FormField id={`invitation-${id}`} label={label} error={errors[id]} className="auth-field">
      <InputText
        id={`invitation-${id}`}
        value={value}
        onChange={(e) => set(e.target.value)}
        autoComplete={autoComplete}
        type={id === 'telephone' ? 'tel' : 'text'}
        className="w-full"
        invalid={Boolean(errors[id])}
        {...fieldA11y(`invitation-${id}`, errors[id])}
      />
    </FormField>
  );

  const secret = (
    id: 'password' | 'confirmation',
    label: string,
    value: string,
    set: (v: string) => void,
  ) => (
    <FormField id={`invitation-${id}`} label={label} error={errors[id]} className="auth-field">
      <PasswordInput
        id={`invitation-${id}`}
        value={value}
        onChange={(value) => set(value)}
        autoComplete={newPassword ? 'new-password' : 'current-password'}
        invalid={Boolean(errors[id])}
        {...fieldA11y(`invitation-${id}`, errors[id])}
      />
    </FormField>
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Accepter l'invitation">
      {failure && (
        <Message
          severity="error"
          text={failure}
          className="w-full justify-content-start mb-4"
          data-testid="invitation-error"
        />
      )}
      <FormField id="invitation-email" label="Adresse e-mail" className="auth-field">
        <InputText
          id="invitation-email"
          value={invitation.email}
          readOnly
          autoComplete="username"
          className="w-full"
        />
      </FormField>
      {creating && text('prenom', 'Prénom', prenom, setPrenom, 'given-name')}
      {creating && text('nom', 'Nom', nom, setNom, 'family-name')}
      {creating && text('telephone', 'Téléphone (facultatif)', telephone, setTelephone, 'tel')}
      {secret(
        'password',
        newPassword ? 'Choisissez un mot de passe' : 'Mot de passe de votre compte',
        password,
        setPassword,
      )}
      {newPassword &&
        secret('confirmation', 'Confirmation du mot de passe', confirmation, setConfirmation)}
      {!newPassword && (
        <div className="auth-links">
          <Link to="/auth/forgot-password">Mot de passe oublié ?</Link>
        </div>
      )}
      <Button
        type="submit"
        label={SUBMIT[mode]}
        icon="pi pi-check"
        className="w-full"
        loading={busy}
      />
    </form>
  );
}
