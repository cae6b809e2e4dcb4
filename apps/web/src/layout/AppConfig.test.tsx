import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../app/providers';
import { detachedStyles } from '../test/render';
import { AppConfig } from './AppConfig';
import { LAYOUT_CONFIG_KEY } from './layout-config';

const renderConfig = (minimal = false) =>
  render(
    <AppProviders styleContainer={detachedStyles}>
      <AppConfig minimal={minimal} />
    </AppProviders>,
  );

describe('configuration panel', () => {
  it('steps the scale between 12 and 16, disabling the ends', async () => {
    renderConfig();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Ouvrir la configuration' }));
    const minus = screen.getByRole('button', { name: "Diminuer l'échelle" });
    const plus = screen.getByRole('button', { name: "Augmenter l'échelle" });
    expect(screen.getByTestId('scale-value')).toHaveTextContent('14');
    await user.click(minus);
    await user.click(minus);
    expect(minus).toBeDisabled();
    expect(document.documentElement.style.fontSize).toBe('12px');
    for (let i = 0; i < 4; i++) await user.click(plus);
    expect(plus).toBeDisabled();
    expect(screen.getByTestId('scale-value')).toHaveTextContent('16');
    expect(document.documentElement.style.fontSize).toBe('16px');
    expect(JSON.parse(localStorage.getItem(LAYOUT_CONFIG_KEY)!)).toMatchObject({ scale: 16 });
  });

  it('offers menu type, input style and ripple (off by default), and themes', async () => {
    renderConfig();
    expect(screen.getByLabelText('Statique')).toBeChecked();
    expect(screen.getByLabelText('Avec contour')).toBeChecked();
    expect(screen.getByLabelText("Activer l'effet d'onde sur les boutons")).not.toBeChecked();
    await userEvent.setup().click(screen.getByRole('button', { name: /Lara sombre indigo/ }));
    // The new stylesheet loads beside the old one, which goes once the new one has loaded.
    expect(
      document.querySelector('link[href="/themes/lara-dark-indigo/theme.css"]'),
    ).not.toBeNull();
    expect(JSON.parse(localStorage.getItem(LAYOUT_CONFIG_KEY)!)).toMatchObject({
      theme: 'lara-dark-indigo',
      colorScheme: 'dark',
    });
  });

  it('hides menu type, input style and ripple in minimal mode', () => {
    renderConfig(true);
    expect(screen.queryByLabelText('Statique')).toBeNull();
    expect(screen.queryByLabelText('Rempli')).toBeNull();
    expect(screen.queryByText("Effet d'onde")).toBeNull();
    expect(
      screen.getByRole('button', { name: "Diminuer l'échelle", hidden: true }),
    ).toBeInTheDocument();
  });
});
