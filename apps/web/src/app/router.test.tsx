import { screen, waitFor } from '@testing-library/react';
import { MENU_SCREENS } from '@comptoir/shared';
import { describe, expect, it } from 'vitest';
import { logIn, renderApp } from '../test/render';
import { matchRoutes } from 'react-router';
import { routes } from './router';

describe('routes', () => {
  it('sends an unknown path to /notfound', async () => {
    const { router } = renderApp('/nimporte/quoi');
    expect(await screen.findByRole('heading', { name: 'Page introuvable' })).toBeInTheDocument();
    expect(screen.getByText('404')).toBeInTheDocument();
    expect(screen.getByText("La ressource demandée n'est pas disponible.")).toBeInTheDocument();
    expect(screen.getAllByRole('link').filter((a) => a.getAttribute('href') === '/')).toHaveLength(
      3,
    );
    expect(router.state.location.pathname).toBe('/notfound');
  });

  it('builds every screen of the menu table: none falls to the catch-all (a 404 from the menu)', () => {
    const unbuilt = MENU_SCREENS.filter(
      (s) => matchRoutes(routes, s.route)?.at(-1)?.route.path === '*',
    ).map((s) => s.route);
    expect(unbuilt).toEqual([]);
    // The detector itself: an address of no screen does fall to the catch-all.
    expect(matchRoutes(routes, '/pages/ecran-inconnu')?.at(-1)?.route.path).toBe('*');
  });

  it('guards the shell: no token, login screen', async () => {
    const { router } = renderApp('/');
    expect(await screen.findByRole('button', { name: /se connecter/i })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it('shows the dashboard to a logged-in user', async () => {
    logIn(['ROLE_PROPRIETAIRE']);
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Bonjour, Awa Diop' })).toBeInTheDocument();
    expect(screen.getByTestId('dashboard-role')).toHaveTextContent('Propriétaire');
    expect(screen.getByTestId('dashboard-shop')).toHaveTextContent('Boutique Plateau');
    expect(await screen.findByTestId('dashboard-currency')).toHaveTextContent(
      'Franc CFA (BCEAO) (XOF)',
    );
  });

  it('shows the landing page with a link to the login screen', async () => {
    renderApp('/landing');
    const link = await screen.findByRole('link', { name: 'Se connecter' });
    expect(link).toHaveAttribute('href', '/auth/login');
    expect(screen.getByText(/FCFA/, { selector: 'h3' })).toBeInTheDocument();
  });

  it('shows the access-denied page', async () => {
    renderApp('/auth/access');
    expect(await screen.findByRole('heading', { name: 'Accès refusé' })).toBeInTheDocument();
    expect(
      screen.getByText("Vous n'avez pas les droits nécessaires pour accéder à cette ressource."),
    ).toBeInTheDocument();
  });

  it('sends an unknown /auth path to /notfound', async () => {
    const { router } = renderApp('/auth/nope');
    await waitFor(() => expect(router.state.location.pathname).toBe('/notfound'));
  });
});
