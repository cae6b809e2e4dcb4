import { confirmDialog } from 'primereact/confirmdialog';
import { ApiError } from './errors';

/** A 409 answer to a customer or supplier: a record with the same phone or e-mail exists. */
export const isDuplicateWarning = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 409;

/**
 * Asks whether to create the record anyway, naming the existing one(s) the server listed; "Oui"
 * sends the same body again with `confirmerDoublon: true`.
 */
export function confirmDuplicate(error: ApiError, resend: () => void): void {
  const existing = error.fieldErrors.map((e) => e.message);
  const lines = [...new Set([error.problem.detail, ...existing].filter(Boolean))];
  confirmDialog({
    header: 'Doublon possible',
    message: `${lines.join(' ')} Enregistrer quand même ?`,
    icon: 'pi pi-exclamation-triangle',
    acceptLabel: 'Oui',
    rejectLabel: 'Non',
    defaultFocus: 'reject',
    accept: resend,
  });
}
