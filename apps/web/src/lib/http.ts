import { EXPORT_TOTAL_HEADER, type AuthResponse } from '@comptoir/shared';
import { contentDispositionFileName } from './download';
import { ApiError, NetworkError, apiErrorFrom } from './errors';
import { navigateTo } from './navigation';
import { applyRefresh, clearSession, getRefreshToken, getToken } from './session';
import { XSRF_HEADER, ensureXsrfToken } from './xsrf';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: Method;
  /** Sent as JSON, or as is when FormData. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
}

export const LOGIN_PATH = '/api/auth/login';
export const REFRESH_PATH = '/api/auth/refresh';
export const LOGOUT_PATH = '/api/auth/logout';
/** Calls whose 401 means "wrong credentials", not "expired session": never refreshed. */
const NO_REFRESH = new Set([LOGIN_PATH, REFRESH_PATH, '/api/invitations/accepter']);

const isRelative = (url: string): boolean =>
  !/^[a-z][a-z\d+.-]*:/i.test(url) && !url.startsWith('//');

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

/** One fetch: bearer token, anti-forgery header on non-GET relative calls, network errors typed. */
async function send(url: string, options: RequestOptions, token: string | null): Promise<Response> {
  const method = options.method ?? 'GET';
  const headers = new Headers({ Accept: 'application/json, application/problem+json' });
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  if (token) headers.set('Authorization', `Bearer ${token}`);
  try {
    if (method !== 'GET' && isRelative(url)) {
      const xsrf = await ensureXsrfToken();
      if (xsrf) headers.set(XSRF_HEADER, xsrf);
    }
    return await fetch(url, {
      method,
      headers,
      body,
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(error);
  }
}

let refreshing: Promise<string> | null = null;

/**
 * Renews the session with the stored refresh token. Only one runs at a time: every caller
 * meanwhile gets the same promise. When the server refuses it, the session is cleared and the
 * user sent to /auth/login; a network failure or a 5xx leaves the session for a later try.
 */
export function refreshSession(): Promise<string> {
  refreshing ??= (async () => {
    const seen = getRefreshToken();
    return oneTabAtATime(() => renew(seen));
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * The tabs of one browser share the stored session: two renewing it at once would present the
 * same refresh token twice, and the second would revoke the session of both. The Web Locks API
 * lets one tab at a time renew (without it, an old browser: this tab alone).
 */
async function oneTabAtATime<T>(run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? await locks.request('comptoir.renouvellement', run) : run();
}

/** Inside the lock: the refresh, unless another tab renewed the session meanwhile. */
async function renew(seen: string | null): Promise<string> {
  const refreshToken = getRefreshToken();
  const current = getToken();
  // Another tab renewed the session while this one waited: its tokens serve here too.
  if (refreshToken && refreshToken !== seen && current) return current;
  let failure: unknown = null;
  if (refreshToken) {
    try {
      const response = await send(REFRESH_PATH, { method: 'POST', body: { refreshToken } }, null);
      if (response.ok) {
        const answer = (await response.json()) as AuthResponse;
        applyRefresh(answer);
        return answer.token;
      }
      failure = await apiErrorFrom(response);
    } catch (error) {
      failure = error;
    }
    const transient =
      failure instanceof NetworkError || (failure instanceof ApiError && failure.status >= 500);
    if (transient) throw failure;
  }
  clearSession();
  navigateTo('/auth/login');
  throw failure ?? new Error('Aucune session à renouveler');
}

/**
 * « Se déconnecter »: the server revokes the session's refresh token (and its family), then the
 * local session is cleared — also when the server cannot be reached or refuses.
 */
export async function logout(): Promise<void> {
  const refreshToken = getRefreshToken();
  try {
    if (refreshToken) await send(LOGOUT_PATH, { method: 'POST', body: { refreshToken } }, null);
  } catch {
    // Offline: the token stays valid on the server until it expires, the device forgets it.
  } finally {
    clearSession();
  }
}

async function parse<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T;
  const type = response.headers.get('Content-Type') ?? '';
  if (type.includes('json')) return (await response.json()) as T;
  const text = await response.text();
  return (text === '' ? undefined : text) as T;
}

/**
 * The one HTTP client of the web app. Errors are thrown as ApiError (problem+json) or
 * NetworkError. A 401 triggers one shared refresh, then the call is retried exactly once.
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  try {
    return await parse<T>(await answer(path, options));
  } catch (error) {
    throw timedOut(error) ? new NetworkError(error) : error;
  }
}

/** A call given `AbortSignal.timeout` that the server did not answer in time (body included). */
const timedOut = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as Error).name === 'TimeoutError';

/**
 * Same as request, for a binary answer (PDF, spreadsheet): the body as a Blob — a File named as
 * the server's Content-Disposition header names it, when it does, which `downloadBlob` keeps.
 */
export async function requestBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  const response = await answer(path, options);
  const blob = await response.blob();
  const name = contentDispositionFileName(response.headers.get('Content-Disposition'));
  return name ? new File([await blob.arrayBuffer()], name, { type: blob.type }) : blob;
}

/**
 * A long text answer (a list's CSV export) read as it arrives: `onProgress` is told the rows
 * received so far (lines after the headers' one) and how many the server announced
 * (EXPORT_TOTAL_HEADER), or null when it did not. A connection cut midway is an error, never a
 * short text.
 */
export async function requestTextWithProgress(
  path: string,
  options: Omit<RequestOptions, 'method' | 'body'>,
  onProgress: (rows: number, total: number | null) => void,
): Promise<string> {
  const response = await answer(path, { ...options, method: 'GET' });
  const announced = response.headers.get(EXPORT_TOTAL_HEADER);
  const total = announced !== null && /^\d+$/.test(announced) ? Number(announced) : null;
  const reader = response.body?.getReader();
  if (!reader) return response.text();
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let lines = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const text = decoder.decode(value, { stream: true });
      parts.push(text);
      for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
      onProgress(Math.max(0, lines - 1), total);
    }
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(error);
  }
  parts.push(decoder.decode());
  return parts.join('');
}

/** The successful response of a call, after at most one shared refresh on 401. */
async function answer(path: string, options: RequestOptions): Promise<Response> {
  const url = buildUrl(path, options.query);
  const token = getToken();
  let response = await send(url, options, token);
  if (response.status === 401 && !NO_REFRESH.has(path.split('?')[0] ?? path)) {
    const stored = getToken();
    // Another call already renewed the session since this one left: just use the new token.
    let fresh: string;
    try {
      fresh = stored && stored !== token ? stored : await refreshSession();
    } catch (error) {
      if (error instanceof NetworkError || (error instanceof ApiError && error.status >= 500))
        throw error;
      throw await apiErrorFrom(response);
    }
    response = await send(url, options, fresh);
  }
  if (!response.ok) throw await apiErrorFrom(response);
  return response;
}

export const http = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown) => request<T>(path, { method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown) => request<T>(path, { method: 'PATCH', body }),
  delete: <T>(path: string) => request<T>(path, { method: 'DELETE' }),
  /** A binary answer as a Blob (GET by default; POST with a body for generated documents). */
  blob: (path: string, options?: RequestOptions) => requestBlob(path, options),
};
