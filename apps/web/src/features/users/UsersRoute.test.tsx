import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserItem } from '@comptoir/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../app/query-client';
import { json, problem } from '../../test/fixtures';
import { logIn, renderApp, type ApiHandler } from '../../test/render';

const user = (id: number, over: Partial<UserItem> = {}): UserItem => ({
  id,
  email: `u${id}@comptoir.test`,
  prenom: 'Fatou',
  nom: `Sow ${id}`,
  telephone: null,
  profileImage: null,
  active: true,
  invitationEnAttente: false,
  roles: ['ROLE_GERANT'],
  services: [{ id: 1, nom: 'Boutique Plateau' }],
  lastLoginAt: null,
  createdAt: '2026-11-01T10:00:00Z',
  ...over,
});

/** The users API of a test: records the list queries, answers a page of 20 users. */
function usersApi(extra?: ApiHandler) {
  const lists: URLSearchParams[] = [];
  const handler: ApiHandler = async (url, init) => {
    const answer = await extra?.(url, init);
    if (answer) return answer;
    if (url.startsWith('/api/users?')) {
      const query = new URLSearchParams(url.split('?')[1]);
      lists.push(query);
      const page = Number(query.get('page'));
      return json(200, {
        items: [
          user(page * 10 + 1),
          user(page * 10 + 2, { active: false, lastLoginAt: '2026-11-20T13:05:00Z' }),
        ],
        total: 20,
        page,
        size: 8,
      });
    }
    if (url.startsWith('/api/services?'))
      return json(200, { items: [], total: 0, page: 1, size: 200 });
    return undefined;
  };
  return { lists, handler };
}

beforeEach(() => queryClient.clear());

describe('/pages/users', () => {
  it('restores page, sort, search and filters from the URL and asks the server for them', async () => {
    logIn(['ROLE_ADMIN'], { services: [] });
    const api = usersApi();
    renderApp('/pages/users?page=2&sort=email,desc&q=sow&active=true', api.handler);
    expect(await screen.findByText('u21@comptoir.test')).toBeInTheDocument();
    expect(Object.fromEntries(api.lists.at(-1)!)).toEqual({
      page: '2',
      size: '8',
      sort: 'email,desc',
      q: 'sow',
      active: 'true',
    });
    expect(screen.getByLabelText('Rechercher un utilisateur')).toHaveValue('sow');
    const row = screen.getByText('u22@comptoir.test').closest('tr')!;
    expect(within(row).getByText('Désactivé')).toBeInTheDocument();
    expect(within(row).getByText('20/11/2026 14:05')).toBeInTheDocument();
    expect(
      within(screen.getByText('u21@comptoir.test').closest('tr')!).getByText('Jamais'),
    ).toBeInTheDocument();
  });

  it('writes paging and search back to the URL, search going back to page 1', async () => {
    logIn(['ROLE_ADMIN'], { services: [] });
    const api = usersApi();
    const { router } = renderApp('/pages/users', api.handler);
    await screen.findByText('u11@comptoir.test');
    const ui = userEvent.setup();
    await ui.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await screen.findByText('u21@comptoir.test');
    await ui.type(screen.getByLabelText('Rechercher un utilisateur'), 'awa{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?q=awa'));
    await waitFor(() => expect(api.lists.at(-1)!.get('q')).toBe('awa'));
    expect(api.lists.at(-1)!.get('page')).toBe('1');
  });

  it('goes back to the last page that exists', async () => {
    logIn(['ROLE_ADMIN'], { services: [] });
    const api = usersApi();
    const { router } = renderApp('/pages/users?page=9&q=sow', api.handler);
    await waitFor(() => expect(router.state.location.search).toBe('?page=3&q=sow'));
    expect(await screen.findByText('u31@comptoir.test')).toBeInTheDocument();
  });

  it('asks before disabling, and shows the French refusal of a write without subscription', async () => {
    logIn(['ROLE_PROPRIETAIRE']);
    const refusal = 'Votre abonnement a pris fin le 20/11/2026 : les modifications sont bloquées.';
    const posted = vi.fn();
    const api = usersApi((url, init) => {
      if (init?.method === 'POST' && url.endsWith('/desactiver')) {
        posted(url);
        return problem(402, 'SUBSCRIPTION_REQUIRED', refusal);
      }
      return undefined;
    });
    renderApp('/pages/users', api.handler);
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: 'Désactiver Fatou Sow 11' }));
    expect(await screen.findByText(/Désactiver le compte de Fatou Sow 11 \?/)).toBeInTheDocument();
    expect(posted).not.toHaveBeenCalled();
    await ui.click(screen.getByRole('button', { name: 'Oui', hidden: true }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(posted).toHaveBeenCalledWith('/api/users/11/desactiver');
  });

  it('shows the server’s field errors under the fields of the dialog', async () => {
    logIn(['ROLE_ADMIN'], { services: [] });
    const api = usersApi((url, init) =>
      init?.method === 'POST' && url === '/api/users'
        ? problem(409, 'CONFLICT', 'Cette adresse e-mail est déjà utilisée.', [
            { field: 'email', message: 'Cette adresse e-mail est déjà utilisée.' },
          ])
        : undefined,
    );
    const { router } = renderApp('/pages/users', api.handler);
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: 'Nouvel utilisateur' }));
    await waitFor(() => expect(router.state.location.search).toBe('?edit=new'));
    await ui.type(screen.getByLabelText('Adresse e-mail'), 'awa@comptoir.test');
    await ui.type(screen.getByLabelText('Prénom'), 'Awa');
    await ui.type(screen.getByLabelText('Nom'), 'Diop');
    await ui.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const error = await screen.findByText('Cette adresse e-mail est déjà utilisée.');
    expect(error).toHaveAttribute('id', 'user-email-error');
  });
});
