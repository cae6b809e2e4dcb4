import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../app/query-client';
import { json, problem } from '../../test/fixtures';
import { logIn, renderApp } from '../../test/render';

beforeEach(() => queryClient.clear());

describe('/pages/clients', () => {
  it('accepts a local phone number, warns about a duplicate and resends with confirmerDoublon once confirmed', async () => {
    logIn(['ROLE_GERANT']);
    const bodies: any[] = [];
    renderApp('/pages/clients', (url, init) => {
      if (url.startsWith('/api/services/1/clients?'))
        return json(200, { items: [], total: 0, page: 1, size: 8 });
      if (init?.method === 'POST' && url === '/api/services/1/clients') {
        const body = JSON.parse(String(init.body));
        bodies.push(body);
        if (!body.confirmerDoublon)
          return problem(409, 'CONFLICT', 'Un client porte déjà ce numéro de téléphone.', [
            { field: 'telephone', message: 'Client existant : Awa Ndiaye (+221771234567).' },
          ]);
        return json(201, {
          id: 9,
          ...body,
          telephone: '+221771234567',
          actif: true,
          createdAt: '',
          updatedAt: '',
        });
      }
      return undefined;
    });
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: 'Nouveau client' }));
    await ui.type(await screen.findByLabelText('Nom'), 'Awa Ndiaye');
    await ui.type(screen.getByLabelText('Téléphone'), '77 123 45 67');
    await ui.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(
      await screen.findByText(
        /Client existant : Awa Ndiaye \(\+221771234567\)\. Enregistrer quand même \?/,
      ),
    ).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({ nom: 'Awa Ndiaye', telephone: '77 123 45 67' });
    expect(bodies[0].confirmerDoublon).toBeUndefined();
    await ui.click(screen.getByRole('button', { name: 'Oui', hidden: true }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({ nom: 'Awa Ndiaye', confirmerDoublon: true });
    expect(await screen.findByText('« Awa Ndiaye » a été ajouté.')).toBeInTheDocument();
  });

  it('is closed to the manager for suppliers', async () => {
    logIn(['ROLE_GERANT']);
    const { router } = renderApp('/pages/fournisseurs');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/access'));
  });
});
