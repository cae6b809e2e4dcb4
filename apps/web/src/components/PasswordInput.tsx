import { InputText } from 'primereact/inputtext';
import { useState } from 'react';

export interface PasswordInputProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: string;
  invalid?: boolean;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/**
 * A password field with a button that shows or hides what was typed. PrimeReact's Password
 * brings an overlay, its animations and a strength meter that no form of ours uses (a tenth of
 * the login page's script); here the eye is a real button, reached with Tab and named for
 * screen readers.
 */
export function PasswordInput({ id, value, onChange, autoComplete, ...rest }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <span className="password-input">
      <InputText
        id={id}
        type={visible ? 'text' : 'password'}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete={autoComplete}
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        className="w-full"
        {...rest}
      />
      <button
        type="button"
        className="password-input-toggle"
        aria-label={visible ? 'Masquer le mot de passe' : 'Afficher le mot de passe'}
        aria-pressed={visible}
        aria-controls={id}
        onClick={() => setVisible((v) => !v)}
      >
        <i className={visible ? 'pi pi-eye-slash' : 'pi pi-eye'} aria-hidden="true" />
      </button>
    </span>
  );
}
