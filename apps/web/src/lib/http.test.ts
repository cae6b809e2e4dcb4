import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, makeAuth, problem, requestOf } from '../test/fixtures';
import { ApiError, NetworkError } from './errors';
import { http, logout, requestTextWithProgress } from './http';
import { setNavigator } from './navigation';
import { getRefreshToken, getToken } from './session';

const fetchMock = vi.fn<typeof fetch>();
const navigate = vi.fn<(to: string) => void>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  navigate.mockReset();
  setNavigator(navigate);
  document.cookie = 'XSRF-TOKEN=xsrf-1; path=/';
  localStorage.setItem('token', 'old-token');
  localStorage.setItem('refreshToken', 'refresh-1');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const bearer = (call: unknown[]) => requestOf(call).headers.get('Authorization');
const callsTo = (url: string) => fetchMock.mock.calls.filter((c) => requestOf(c).url === url);

/** A server where `old-token` has expired and the refresh answers `refreshAnswer`. */
function server(refreshAnswer: () => Response | Promise<Response>) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/api/auth/refresh') {
      await new Promise((r) => setTimeout(r, 10));
      return refreshAnswer();
    }
    const auth = new Headers(init?.headers).get('Authorization');
    if (auth === 'Bearer new-token') return json(200, { url });
    return problem(401, 'TOKEN_EXPIRED', 'Votre session a expiré.');
  });
}

describe('http client', () => {
  it('sends the bearer token, and the anti-forgery header on non-GET calls only', async () => {
    fetchMock.mockImplementation(async () => json(200, { ok: true }));
    await http.get('/api/account');
    await http.put('/api/account', { prenom: 'Awa' });
    const [get, put] = fetchMock.mock.calls.map(requestOf);
    expect(get?.headers.get('Authorization')).toBe('Bearer old-token');
    expect(get?.headers.get('X-XSRF-TOKEN')).toBeNull();
    expect(put?.headers.get('X-XSRF-TOKEN')).toBe('xsrf-1');
    expect(put?.headers.get('Content-Type')).toBe('application/json');
    expect(put?.body).toEqual({ prenom: 'Awa' });
  });

  it('asks for the XSRF cookie first when it is missing', async () => {
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    fetchMock.mockImplementation(async (input) => {
      if (String(input) === '/api/auth/xsrf') {
        document.cookie = 'XSRF-TOKEN=fresh-xsrf; path=/';
        return new Response(null, { status: 204 });
      }
      return json(200, {});
    });
    await http.post('/api/account/reset-password/init', undefined, { query: { mail: 'a@b.fr' } });
    expect(fetchMock.mock.calls.map((c) => requestOf(c).url)).toEqual([
      '/api/auth/xsrf',
      '/api/account/reset-password/init?mail=a%40b.fr',
    ]);
    expect(requestOf(fetchMock.mock.calls[1]!).headers.get('X-XSRF-TOKEN')).toBe('fresh-xsrf');
  });

  it('throws an ApiError carrying the problem', async () => {
    fetchMock.mockResolvedValue(
      problem(400, 'VALIDATION', 'Données invalides.', [
        { field: 'nom', message: 'Le nom est obligatoire.' },
      ]),
    );
    const error = await http.put('/api/account', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('VALIDATION');
    expect((error as ApiError).fieldErrors).toEqual([
      { field: 'nom', message: 'Le nom est obligatoire.' },
    ]);
  });

  it('throws a NetworkError when the server cannot be reached', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(http.get('/api/account')).rejects.toBeInstanceOf(NetworkError);
  });

  it('two concurrent 401: exactly one refresh, and each call retried once with the new token', async () => {
    const auth = {
      ...makeAuth(['ROLE_PROPRIETAIRE']),
      token: 'new-token',
      refreshToken: 'refresh-2',
    };
    server(() => json(200, auth));
    const [a, b] = await Promise.all([http.get('/api/a'), http.get('/api/b')]);
    expect(a).toEqual({ url: '/api/a' });
    expect(b).toEqual({ url: '/api/b' });
    expect(callsTo('/api/auth/refresh')).toHaveLength(1);
    expect(requestOf(callsTo('/api/auth/refresh')[0]!).body).toEqual({ refreshToken: 'refresh-1' });
    expect(callsTo('/api/a').map(bearer)).toEqual(['Bearer old-token', 'Bearer new-token']);
    expect(callsTo('/api/b').map(bearer)).toEqual(['Bearer old-token', 'Bearer new-token']);
    expect(getToken()).toBe('new-token');
    expect(getRefreshToken()).toBe('refresh-2');
    expect(navigate).not.toHaveBeenCalled();
  });

  describe('tabs sharing the session (Web Locks)', () => {
    const names: string[] = [];
    /** The browser's lock manager, as `before` leaves it when this tab's turn comes. */
    function locks(before: () => void) {
      Object.defineProperty(navigator, 'locks', {
        configurable: true,
        value: {
          request: async (name: string, run: () => Promise<unknown>) => {
            names.push(name);
            before();
            return run();
          },
        },
      });
    }
    afterEach(() => {
      Reflect.deleteProperty(navigator, 'locks');
      names.length = 0;
    });

    it('another tab renewed while this one waited: no second refresh, its token serves', async () => {
      server(() => json(200, makeAuth(['ROLE_GERANT'])));
      locks(() => {
        localStorage.setItem('token', 'new-token');
        localStorage.setItem('refreshToken', 'refresh-2');
      });
      expect(await http.get('/api/a')).toEqual({ url: '/api/a' });
      expect(names).toEqual(['comptoir.renouvellement']);
      expect(callsTo('/api/auth/refresh')).toHaveLength(0);
      expect(callsTo('/api/a').map(bearer)).toEqual(['Bearer old-token', 'Bearer new-token']);
      expect(navigate).not.toHaveBeenCalled();
    });

    it('no other tab renewed: this one refreshes, inside the lock', async () => {
      server(() => json(200, { ...makeAuth(['ROLE_GERANT']), token: 'new-token' }));
      locks(() => undefined);
      expect(await http.get('/api/a')).toEqual({ url: '/api/a' });
      expect(names).toEqual(['comptoir.renouvellement']);
      expect(callsTo('/api/auth/refresh')).toHaveLength(1);
      expect(getToken()).toBe('new-token');
    });
  });

  it('retries only once: a second 401 goes back to the caller', async () => {
    const auth = {
      ...makeAuth(['ROLE_GERANT']),
      token: 'still-refused',
      refreshToken: 'refresh-2',
    };
    server(() => json(200, auth));
    const error = await http.get('/api/a').catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(401);
    expect(callsTo('/api/a')).toHaveLength(2);
    expect(callsTo('/api/auth/refresh')).toHaveLength(1);
  });

  it('a refused refresh clears the session and goes to /auth/login', async () => {
    localStorage.setItem('layoutConfig', '{}');
    server(() => problem(401, 'INVALID_REFRESH_TOKEN', 'Session expirée.'));
    const results = await Promise.allSettled([http.get('/api/a'), http.get('/api/b')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(callsTo('/api/auth/refresh')).toHaveLength(1);
    expect(localStorage.length).toBe(0);
    expect(navigate).toHaveBeenCalledWith('/auth/login');
  });

  it('never refreshes on a 401 of the login or refresh calls themselves', async () => {
    fetchMock.mockResolvedValue(
      problem(401, 'INVALID_CREDENTIALS', 'Adresse e-mail ou mot de passe incorrect.'),
    );
    await expect(
      http.post('/api/auth/login', { email: 'a@b.fr', password: 'x' }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(getToken()).toBe('old-token');
  });

  it('a call given a timeout that the server leaves unanswered fails as the network would', async () => {
    // As fetch does: the signal's reason rejects the call, or the body still being read.
    fetchMock.mockImplementation(
      (_input, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)),
        ),
    );
    await expect(
      http.get('/api/services/1/caisses/2/synchro', { signal: AbortSignal.timeout(20) }),
    ).rejects.toThrow(NetworkError);
    fetchMock.mockImplementation(async (_input, init) => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"items":['));
          init?.signal?.addEventListener('abort', () => controller.error(init.signal!.reason));
        },
      });
      return new Response(body, { headers: { 'Content-Type': 'application/json' } });
    });
    const stalled = http.get('/api/services/1/catalogue/produits', {
      signal: AbortSignal.timeout(20),
    });
    await expect(stalled).rejects.toThrow(NetworkError);
    await expect(stalled).rejects.toThrow(/Impossible de joindre le serveur/);
  });
});

describe('logout', () => {
  it('envoie le jeton de renouvellement au serveur, puis vide la session', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await logout();
    const calls = callsTo('/api/auth/logout');
    expect(calls).toHaveLength(1);
    const sent = requestOf(calls[0]!);
    expect(sent.method).toBe('POST');
    expect(sent.headers.get('X-XSRF-TOKEN')).toBe('xsrf-1');
    expect(sent.body).toEqual({ refreshToken: 'refresh-1' });
    expect(getRefreshToken()).toBeNull();
    expect(getToken()).toBeNull();
  });

  it('serveur injoignable ou en erreur : la session locale est vidée quand même', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await logout();
    expect(getRefreshToken()).toBeNull();
    localStorage.setItem('refreshToken', 'refresh-2');
    fetchMock.mockResolvedValue(problem(500, 'INTERNAL', 'Erreur interne.'));
    await logout();
    expect(getRefreshToken()).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('a long text read as it arrives', () => {
  /** A CSV answer sent in `pieces`, announcing `total` rows when given. */
  const streamed = (pieces: string[], total?: string, cut = false) => {
    const bytes = pieces.map((p) => new TextEncoder().encode(p));
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = bytes.shift();
        if (next) controller.enqueue(next);
        else if (cut) controller.error(new TypeError('network error'));
        else controller.close();
      },
    });
    const headers = new Headers({ 'Content-Type': 'text/csv; charset=utf-8' });
    if (total !== undefined) headers.set('X-Total-Count', total);
    return new Response(body, { status: 200, headers });
  };

  it('counts the rows after the headers as they come, a line cut between two pieces once', async () => {
    fetchMock.mockImplementation(async () =>
      streamed(['\uFEFFNom;Prix\r\nCafé;1', '250\r\nRiz;600\r', '\nSucre;700\r\n'], '3'),
    );
    const seen: Array<[number, number | null]> = [];
    const text = await requestTextWithProgress('/api/x/export.csv', {}, (rows, total) =>
      seen.push([rows, total]),
    );
    expect(text.replace(/^\uFEFF/, '')).toBe('Nom;Prix\r\nCafé;1250\r\nRiz;600\r\nSucre;700\r\n');
    expect(seen).toEqual([
      [0, 3],
      [1, 3],
      [3, 3],
    ]);
  });

  it('without the announced number, the rows alone; a connection cut midway is an error', async () => {
    fetchMock.mockImplementation(async () => streamed(['Nom\r\nA\r\n', 'B\r\n']));
    const seen: Array<number | null> = [];
    await requestTextWithProgress('/api/x/export.csv', {}, (_rows, total) => seen.push(total));
    expect(seen).toEqual([null, null]);
    fetchMock.mockImplementation(async () => streamed(['Nom\r\nA\r\n'], '5', true));
    await expect(requestTextWithProgress('/api/x/export.csv', {}, () => undefined)).rejects.toThrow(
      NetworkError,
    );
  });
});
