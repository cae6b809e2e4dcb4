import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormField, fieldA11y } from '../../components/FormField';
import { PasswordInput } from '../../components/PasswordInput';
import { errorMessage } from '../../lib/errors';
import type { FieldErrors } from '../../lib/validation';
import { login } from './api';
import { AuthCard } from './AuthCard';

/** The form's checks (zod), fetched on the first focus rather than with the page. */
const loadChecks = () => import('./login-validation');

/** /auth/login: e-mail and password; the server's French message on failure. */
export function LoginPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { hasErrors, loginErrors } = await loadChecks();
    const next = loginErrors(email, password);
    setErrors(next);
    setFailure(null);
    if (hasErrors(next)) return;
    setBusy(true);
    try {
      await login({ email: email.trim(), password });
      void navigate('/', { replace: true });
    } catch (error) {
      setFailure(errorMessage(error));
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Bienvenue sur Comptoir" subtitle="Connectez-vous pour continuer">
      <form onSubmit={submit} onFocus={() => void loadChecks()} noValidate aria-label="Connexion">
        {failure && (
          <Message
            severity="error"
            text={failure}
            className="w-full justify-content-start mb-4"
            data-testid="login-error"
          />
        )}
        <FormField id="email" label="Adresse e-mail" error={errors['email']} className="auth-field">
          <InputText
            id="email"
            type="email"
            autoComplete="username"
            inputMode="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            className="w-full"
            invalid={Boolean(errors['email'])}
            {...fieldA11y('email', errors['email'])}
          />
        </FormField>
        <FormField
          id="password"
          label="Mot de passe"
          error={errors['password']}
          className="auth-field"
        >
          <PasswordInput
            id="password"
            value={password}
            onChange={(value) => setPassword(value)}
            autoComplete="current-password"
            invalid={Boolean(errors['password'])}
            {...fieldA11y('password', errors['password'])}
          />
        </FormField>
        <div className="auth-links">
          <Link to="/auth/forgot-password">Mot de passe oublié ?</Link>
        </div>
        <Button
          type="submit"
          label="Se connecter"
          icon="pi pi-sign-in"
          className="w-full"
          loading={busy}
        />
      </form>
    </AuthCard>
  );
}
