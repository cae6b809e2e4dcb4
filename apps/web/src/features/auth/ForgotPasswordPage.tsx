import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { FormField, fieldA11y } from '../../components/FormField';
import { errorMessage } from '../../lib/errors';
import { emailError } from '../../lib/validation';
import { requestPasswordReset } from './api';
import { AuthCard } from './AuthCard';

export const RESET_SENT_MESSAGE =
  'Si un compte correspond à cette adresse, vous allez recevoir un e-mail contenant un lien de réinitialisation.';

/** /auth/forgot-password: asks for a reset link; the same answer whether the account exists or not. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = emailError(email);
    setError(invalid);
    setFailure(null);
    if (invalid) return;
    setBusy(true);
    try {
      await requestPasswordReset(email.trim());
      setSent(true);
    } catch (e) {
      setFailure(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title="Mot de passe oublié"
      subtitle="Indiquez l'adresse e-mail de votre compte : nous vous enverrons un lien pour choisir un nouveau mot de passe."
    >
      {sent ? (
        <Message
          severity="success"
          text={RESET_SENT_MESSAGE}
          className="w-full justify-content-start mb-4"
          data-testid="reset-sent"
        />
      ) : (
        <form onSubmit={submit} noValidate aria-label="Mot de passe oublié">
          {failure && (
            <Message
              severity="error"
              text={failure}
              className="w-full justify-content-start mb-4"
            />
          )}
          <FormField id="email" label="Adresse e-mail" error={error} className="auth-field">
            <InputText
              id="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              className="w-full"
              invalid={Boolean(error)}
              {...fieldA11y('email', error)}
            />
          </FormField>
          <Button
            type="submit"
            label="Envoyer le lien"
            icon="pi pi-envelope"
            className="w-full mb-3"
            loading={busy}
          />
        </form>
      )}
      <div className="text-center">
        <Link to="/auth/login">Retour à la connexion</Link>
      </div>
    </AuthCard>
  );
}
