import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as navigation from '../lib/navigation';
import { getCurrentService } from '../lib/session';
import { logIn, renderApp } from '../test/render';

const reloadPage = vi.fn();
vi.mock('../lib/navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof navigation>()),
  reloadPage: () => reloadPage(),
}));

beforeEach(() => reloadPage.mockReset());

describe('top bar', () => {
  it('owner: shop name, POS button, shop switcher, name and first role', async () => {
    logIn(['ROLE_PROPRIETAIRE']);
    renderApp('/');
    expect(await screen.findByTestId('topbar-brand')).toHaveTextContent('Boutique Plateau');
    expect(screen.getByRole('link', { name: 'POS' })).toHaveAttribute('href', '/pages/ventes');
    expect(screen.getByLabelText('Boutique')).toBeInTheDocument();
    const panel = screen.getByTestId('user-panel');
    expect(within(panel).getByText('Awa Diop')).toBeInTheDocument();
    expect(within(panel).getByText('Propriétaire')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: /Paramètres/ })).toHaveAttribute(
      'href',
      '/pages/users/user-profile',
    );
  });

  it('manager: POS button, no shop switcher', async () => {
    logIn(['ROLE_GERANT']);
    renderApp('/');
    await screen.findByTestId('topbar-brand');
    expect(screen.getByRole('link', { name: 'POS' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Boutique')).toBeNull();
  });

  it('admin without shop: brand COMPTOIR, no POS button, no switcher', async () => {
    logIn(['ROLE_ADMIN'], { services: [] });
    renderApp('/');
    expect(await screen.findByTestId('topbar-brand')).toHaveTextContent('COMPTOIR');
    expect(screen.queryByRole('link', { name: 'POS' })).toBeNull();
    expect(screen.queryByLabelText('Boutique')).toBeNull();
    expect(await screen.findByTestId('dashboard-shop')).toHaveTextContent('Aucune boutique');
  });

  it('switching shop saves the chosen one as current and reloads', async () => {
    logIn(['ROLE_PROPRIETAIRE']);
    renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('shop-switcher'));
    await user.click(await screen.findByRole('option', { name: 'Boutique Lyon', hidden: true }));
    expect(getCurrentService()).toEqual({ id: 2, nom: 'Boutique Lyon' });
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  // jsdom lays nothing out, so PrimeReact keeps the popup display:none: queries use hidden.
  it('logout: confirm, toast, login screen, storage cleared', async () => {
    logIn(['ROLE_GERANT']);
    const { router } = renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Se Déconnecter' }));
    expect(await screen.findByText('Voulez-vous vraiment vous déconnecter ?')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Oui', hidden: true })).toHaveFocus(),
    );
    await user.click(screen.getByRole('button', { name: 'Oui', hidden: true }));
    expect(await screen.findByText('Vous êtes déconnecté')).toBeInTheDocument();
    expect(screen.getByText('Déconnecté')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('logout cancelled: toast « Annulé », still logged in', async () => {
    logIn(['ROLE_GERANT']);
    renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Se Déconnecter' }));
    await user.click(await screen.findByRole('button', { name: 'Non', hidden: true }));
    expect(await screen.findByText('Requête annulée')).toBeInTheDocument();
    expect(screen.getByText('Annulé')).toBeInTheDocument();
    expect(localStorage.getItem('token')).not.toBeNull();
  });
});
