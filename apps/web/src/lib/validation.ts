import { newPasswordSchema, resetInitQuerySchema } from '@comptoir/shared';

/**
 * Client-side checks with the very zod schemas the server validates with (packages/shared), so
 * that messages match; the server checks again (and knows the common passwords).
 */
export type FieldErrors = Record<string, string>;

/** What validate needs of a zod schema (the web app does not depend on zod directly). */
interface Schema {
  safeParse(value: unknown):
    | { success: true }
    | {
        success: false;
        error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> };
      };
}

/** First message per top-level field, or an empty object when the value is valid. */
export function validate(schema: Schema, value: unknown): FieldErrors {
  const result = schema.safeParse(value);
  const errors: FieldErrors = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? '');
      errors[field] ??= issue.message;
    }
  }
  return errors;
}

export const hasErrors = (errors: FieldErrors): boolean => Object.keys(errors).length > 0;

export function emailError(email: string): string | null {
  if (!email.trim()) return "L'adresse e-mail est obligatoire.";
  return validate(resetInitQuerySchema, { mail: email })['mail'] ?? null;
}

export function newPasswordError(password: string): string | null {
  return validate(newPasswordSchema, password)[''] ?? null;
}

export function confirmationError(password: string, confirmation: string): string | null {
  if (!confirmation) return 'Veuillez confirmer le mot de passe.';
  if (password !== confirmation) return 'Les mots de passe ne correspondent pas.';
  return null;
}
