import type { ReactNode } from 'react';

interface Props {
  id: string;
  label: string;
  error?: string | null | undefined;
  hint?: string;
  className?: string;
  children: ReactNode;
}

/** A label, its control and its error message (id `${id}-error`, for aria-describedby). */
export function FormField({ id, label, error, hint, className, children }: Props) {
  return (
    <div className={className ?? 'field'}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && !error && (
        <small id={`${id}-hint`} className="block mt-1 text-color-secondary">
          {hint}
        </small>
      )}
      {error && (
        <small id={`${id}-error`} className="field-error" role="alert">
          {error}
        </small>
      )}
    </div>
  );
}

/** Accessibility props of a control whose field may show an error. */
export function fieldA11y(
  id: string,
  error?: string | null,
): { 'aria-invalid'?: true; 'aria-describedby'?: string } {
  return error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};
}
