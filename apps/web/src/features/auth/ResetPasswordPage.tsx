import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FormField, fieldA11y } from '../../components/FormField';
import { PasswordInput } from '../../components/PasswordInput';
import { ApiError, errorMessage, fieldErrorsOf } from '../../lib/errors';
import { confirmationError, newPasswordError } from '../../lib/validation';
import { finishPasswordReset } from './api';
import { AuthCard } from './AuthCard';

interface Errors {
  newPassword?: string | null;
  confirmation?: string | null;
}

const DONE = 'Votre mot de passe a été modifié. Vous pouvez vous connecter.';

/** /auth/reset-password?key=…: chooses a new password with the key received by e-mail. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const key = params.get('key') ?? '';
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {
      newPassword: newPasswordError(newPassword),
      confirmation: confirmationError(newPassword, confirmation),
    };
    setErrors(next);
    setFailure(null);
    if (next.newPassword || next.confirmation) return;
    setBusy(true);
    try {
      const answer = await finishPasswordReset({ key, newPassword });
      setDone(answer?.message || DONE);
    } catch (error) {
      // A password refused (WEAK_PASSWORD, validation) under its field; anything else, such as
      // an invalid or spent key (INVALID_RESET_KEY), above the form.
      const fieldMessage = fieldErrorsOf(error)['newPassword'];
      const keyProblem = error instanceof ApiError && error.code === 'INVALID_RESET_KEY';
      if (fieldMessage && !keyProblem) setErrors({ newPassword: fieldMessage });
      else setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  if (!key) {
    return (
      <AuthCard title="Lien incomplet">
        <Message
          severity="error"
          className="w-full justify-content-start mb-4"
          text="Ce lien de réinitialisation est incomplet. Demandez-en un nouveau."
        />
        <div className="text-center">
          <Link to="/auth/forgot-password">Demander un nouveau lien</Link>
        </div>
      </AuthCard>
    );
  }

  if (done) {
    return (
      <AuthCard title="Mot de passe modifié">
        <Message
          severity="success"
          text={done}
          className="w-full justify-content-start mb-4"
          data-testid="reset-done"
        />
        <Link to="/auth/login" className="p-button w-full justify-content-center no-underline">
          Se connecter
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Nouveau mot de passe"
      subtitle="Choisissez un mot de passe d'au moins 8 caractères."
    >
      <form onSubmit={submit} noValidate aria-label="Réinitialisation du mot de passe">
        {failure && (
          <div className="mb-4">
            <Message
              severity="error"
              text={failure}
              className="w-full justify-content-start mb-2"
              data-testid="reset-error"
            />
            <Link to="/auth/forgot-password">Demander un nouveau lien</Link>
          </div>
        )}
        <FormField
          id="newPassword"
          label="Nouveau mot de passe"
          error={errors.newPassword}
          className="auth-field"
        >
          <PasswordInput
            id="newPassword"
            value={newPassword}
            onChange={(value) => setNewPassword(value)}
            autoComplete="new-password"
            invalid={Boolean(errors.newPassword)}
            {...fieldA11y('newPassword', errors.newPassword)}
          />
        </FormField>
        <FormField
          id="confirmation"
          label="Confirmation du mot de passe"
          error={errors.confirmation}
          className="auth-field"
        >
          <PasswordInput
            id="confirmation"
            value={confirmation}
            onChange={(value) => setConfirmation(value)}
            autoComplete="new-password"
            invalid={Boolean(errors.confirmation)}
            {...fieldA11y('confirmation', errors.confirmation)}
          />
        </FormField>
        <Button
          type="submit"
          label="Enregistrer le mot de passe"
          icon="pi pi-check"
          className="w-full mb-3"
          loading={busy}
        />
      </form>
      <div className="text-center">
        <Link to="/auth/login">Retour à la connexion</Link>
      </div>
    </AuthCard>
  );
}
