import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { NumberField, formatScaled, parseScaled } from './NumberField';
import { RemiseInput } from './RemiseInput';
import type { Remise } from '@comptoir/shared';

describe('parseScaled / formatScaled', () => {
  it('reads French and dotted decimals, spaces, and refuses too many decimals', () => {
    expect(parseScaled('1,5', 3)).toBe(1500);
    expect(parseScaled('1.25', 3)).toBe(1250);
    expect(parseScaled('1 234', 0)).toBe(1234);
    expect(parseScaled('2,', 3)).toBe(2000);
    expect(parseScaled('0,1234', 3)).toBeNull();
    expect(parseScaled('abc', 2)).toBeNull();
    expect(parseScaled('-1', 0)).toBeNull();
  });
  it('shows the value without grouping, trailing zeros dropped', () => {
    expect(formatScaled(1500, 3)).toBe('1,5');
    expect(formatScaled(3000, 3)).toBe('3');
    expect(formatScaled(1250, 2)).toBe('12,5');
    expect(formatScaled(12500, 0)).toBe('12500');
  });
});

describe('NumberField and RemiseInput', () => {
  it('keeps what is typed while focused and sends each parsed value', async () => {
    const user = userEvent.setup();
    const sent: (Remise | null)[] = [];
    function Host() {
      const [value, setValue] = useState<Remise | null>(null);
      return (
        <RemiseInput
          id="r"
          label="Remise"
          value={value}
          devise="EUR"
          onChange={(r) => {
            sent.push(r);
            setValue(r);
          }}
        />
      );
    }
    render(<Host />);
    const input = screen.getByLabelText('Remise');
    await user.type(input, '2,5');
    expect(input).toHaveValue('2,5');
    expect(sent.at(-1)).toEqual({ type: 'montant', valeur: 250 });
    await user.click(screen.getByRole('button', { name: /en montant/ }));
    expect(sent.at(-1)).toEqual({ type: 'pourcent', valeur: 0 });
    await user.clear(input);
    await user.type(input, '150');
    expect(sent.at(-1)).toEqual({ type: 'pourcent', valeur: 10000 });
  });

  it('shows the unit after the number', () => {
    render(
      <NumberField id="q" aria-label="Quantité" text="3" onText={() => undefined} suffix="pce" />,
    );
    expect(screen.getByLabelText('Quantité')).toHaveValue('3');
    expect(screen.getByText('pce')).toBeInTheDocument();
  });
});
