import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PasswordInput } from './PasswordInput';

function Form() {
  const [value, setValue] = useState('');
  return (
    <>
      <label htmlFor="secret">Mot de passe</label>
      <PasswordInput
        id="secret"
        value={value}
        onChange={setValue}
        autoComplete="current-password"
        aria-invalid
        aria-describedby="secret-error"
      />
      <output>{value}</output>
    </>
  );
}

describe('PasswordInput', () => {
  it('masque la saisie, la montre et la masque de nouveau par un vrai bouton', async () => {
    const user = userEvent.setup();
    render(<Form />);
    const input = screen.getByLabelText('Mot de passe');
    expect(input).toHaveAttribute('type', 'password');
    expect(input).toHaveAttribute('autocomplete', 'current-password');
    expect(input).toHaveAttribute('aria-describedby', 'secret-error');
    await user.type(input, 'Café 2026');
    expect(screen.getByText('Café 2026')).toBeInTheDocument();

    await user.tab();
    const show = screen.getByRole('button', { name: 'Afficher le mot de passe' });
    expect(show).toHaveFocus();
    expect(show).toHaveAttribute('aria-pressed', 'false');
    await user.keyboard('{Enter}');
    expect(input).toHaveAttribute('type', 'text');
    const hide = screen.getByRole('button', { name: 'Masquer le mot de passe' });
    expect(hide).toHaveAttribute('aria-pressed', 'true');
    await user.click(hide);
    expect(input).toHaveAttribute('type', 'password');
    expect(input).toHaveValue('Café 2026');
  });
});
