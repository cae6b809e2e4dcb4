import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json } from '../test/fixtures';
import { logIn, renderApp } from '../test/render';
import { queryClient } from './query-client';

const emptyPage = (url: string) =>
  /^\/api\/(unites|users|services|types-ventes)\?/.test(url)
    ? json(200, { items: [], total: 0, page: 1, size: 8 })
    : undefined;

beforeEach(() => queryClient.clear());

describe('role guard of the menu screens', () => {
  it('opens a screen of the role’s menu', async () => {
    logIn(['ROLE_ADMIN'], { services: [] });
    const { router } = renderApp('/pages/unites', emptyPage);
    expect(await screen.findByRole('heading', { name: 'Unités' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/pages/unites');
  });

  it('sends an owner away from the administrator’s screens', async () => {
    logIn(['ROLE_PROPRIETAIRE']);
    const { router } = renderApp('/pages/abonnements', emptyPage);
    expect(await screen.findByRole('heading', { name: 'Accès refusé' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/access');
  });

  it('sends a manager away from users and shops', async () => {
    logIn(['ROLE_GERANT']);
    const { router } = renderApp('/pages/users', emptyPage);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/access'));
    await router.navigate('/pages/services');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/access'));
  });

  it('reads the effective role: an owner who is also a manager gets the owner’s screens', async () => {
    logIn(['ROLE_GERANT', 'ROLE_PROPRIETAIRE']);
    renderApp('/pages/services', emptyPage);
    expect(await screen.findByRole('heading', { name: 'Mes boutiques' })).toBeInTheDocument();
  });
});
