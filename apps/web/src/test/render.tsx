import { act, render } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate, type Location } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { RouterNavigator } from '../app/App';
import { AppRoutes } from '../app/router';
import { saveLogin } from '../lib/session';
import type { Role } from '@comptoir/shared';
import { json, makeAuth } from './fixtures';

/** Answers of a test for some calls; undefined falls back to the tiny API below. */
export type ApiHandler = (
  url: string,
  init: RequestInit | undefined,
) => Response | undefined | Promise<Response | undefined>;

/** A tiny API for the shell: the stored user as the account, shops in francs CFA. */
function fakeApi(handler?: ApiHandler) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const answer = await handler?.(url, init);
      if (answer) return answer;
      if (url === '/api/account')
        return json(200, JSON.parse(localStorage.getItem('user') ?? 'null'));
      const shop = /^\/api\/services\/(\d+)$/.exec(url);
      if (shop)
        return json(200, {
          id: Number(shop[1]),
          nom: 'Boutique',
          devise: 'XOF',
          ville: 'Dakar',
          pays: 'SN',
        });
      return json(404, {
        type: 'about:blank',
        title: 'Introuvable',
        status: 404,
        detail: 'Introuvable.',
        code: 'NOT_FOUND',
      });
    }),
  );
}

/**
 * PrimeReact's styles go to an element outside the document: jsdom lays nothing out, and parsing
 * that CSS at each mounted component, then matching it in each getComputedStyle of the role
 * queries, cost about a third of a screen test's time (measured with a CPU profile).
 */
export const detachedStyles = document.createElement('div');

/** Where the router is, and a way to move it, for the tests (as the data router's `router` was). */
interface TestRouter {
  state: { location: Location };
  navigate: (to: string) => Promise<void>;
}

function RouterProbe({ into }: { into: { location?: Location; navigate?: (to: string) => void } }) {
  into.location = useLocation();
  const navigate = useNavigate();
  into.navigate = (to) => void navigate(to);
  return null;
}

/** The whole app on a memory router at `path`, as App renders it, with the test's own answers. */
export function renderApp(path: string, handler?: ApiHandler) {
  fakeApi(handler);
  const probe: { location?: Location; navigate?: (to: string) => void } = {};
  const view = render(
    <AppProviders styleContainer={detachedStyles}>
      <MemoryRouter initialEntries={[path]} useTransitions={false}>
        <RouterProbe into={probe} />
        <RouterNavigator />
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
  const router: TestRouter = {
    state: {
      get location() {
        return probe.location!;
      },
    },
    navigate: async (to) => act(() => probe.navigate!(to)),
  };
  return { ...view, router };
}

export function logIn(roles: Role[], overrides: Parameters<typeof makeAuth>[1] = {}) {
  saveLogin(makeAuth(roles, overrides));
}
