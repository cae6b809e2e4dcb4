import { loginRequestSchema } from '@comptoir/shared';
import { emailError, validate, type FieldErrors } from '../../lib/validation';

export { hasErrors } from '../../lib/validation';

/**
 * The login form's checks, with the server's zod schemas. LoginPage loads this module when the
 * form is first focused or submitted, so that zod is not among the login page's first scripts.
 */
export function loginErrors(email: string, password: string): FieldErrors {
  const errors = validate(loginRequestSchema, { email, password });
  const missingEmail = emailError(email);
  if (missingEmail) errors['email'] = missingEmail;
  return errors;
}
