import { screen, waitFor } from '@testing-library/react';
import { MENU_SCREENS } from '@comptoir/shared';
import { describe, expect, it } from 'vitest';
import { logIn, renderApp } from '../test/render';
import { matchRoutes } from 'react-router';
import { routes } from './router';

// A screen of the menu table not built yet: only the catch-all route takes it (none once every
// screen is built).
const unbuilt = MENU_SCREENS.find((s) => matchRoutes(routes, s.route)?.at(-1)?.route.path === '*');

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

  it.skipIf(!unbuilt)('sends menu screens that are not built yet to /notfound', async () => {
    logIn(['ROLE_PROPRIETAIRE']);
    const { router } = renderApp(unbuilt?.route ?? '/');
    await screen.findByRole('heading', { name: 'Page introuvable' });
    expect(router.state.location.pathname).toBe('/notfound');
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
