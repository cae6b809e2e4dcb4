import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../app/query-client';
import { json, problem } from '../../test/fixtures';
import { logIn, renderApp } from '../../test/render';

const page = {
  items: [{ id: 3, nom: 'Boissons', nbProduits: 12, createdAt: '2026-11-01T10:00:00Z' }],
  total: 1,
  page: 1,
  size: 8,
};

beforeEach(() => queryClient.clear());

describe('/pages/categories', () => {
  it('lists the shop’s categories with their product counts and shows the server’s refusal to delete one in use', async () => {
    logIn(['ROLE_PROPRIETAIRE']);
    const refusal =
      'Cette catégorie est utilisée par 12 produits : elle ne peut pas être supprimée.';
    renderApp('/pages/categories', (url, init) => {
      if (url.startsWith('/api/services/1/categories?')) return json(200, page);
      if (init?.method === 'DELETE' && url === '/api/services/1/categories/3')
        return problem(409, 'CONFLICT', refusal);
      return undefined;
    });
    const row = (await screen.findByText('Boissons')).closest('tr')!;
    expect(within(row).getByText('12')).toBeInTheDocument();
    const ui = userEvent.setup();
    await ui.click(within(row).getByRole('button', { name: 'Supprimer Boissons' }));
    await ui.click(screen.getByRole('button', { name: 'Oui', hidden: true }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
  });

  it('lets the manager rename but not delete', async () => {
    logIn(['ROLE_GERANT']);
    renderApp('/pages/categories', (url) =>
      url.startsWith('/api/services/1/categories?') ? json(200, page) : undefined,
    );
    const row = (await screen.findByText('Boissons')).closest('tr')!;
    expect(within(row).getByRole('button', { name: 'Modifier Boissons' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Supprimer Boissons' })).toBeNull();
  });

  it('sends a manager away from the brands', async () => {
    logIn(['ROLE_GERANT']);
    const { router } = renderApp('/pages/marques');
    expect(await screen.findByRole('heading', { name: 'Accès refusé' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/access');
  });
});
