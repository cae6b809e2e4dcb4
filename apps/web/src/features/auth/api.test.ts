import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NetworkError, type ApiError } from '../../lib/errors';
import { getToken } from '../../lib/session';
import { json, makeAuth, problem } from '../../test/fixtures';
import { login } from './api';

const fetchMock = vi.fn<typeof fetch>();
const credentials = { email: 'awa@comptoir.test', password: 'comptoir' };

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  document.cookie = 'XSRF-TOKEN=xsrf-1; path=/';
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Starts a login and lets `ms` of fake time pass; returns the settled outcome. */
async function run(ms: number) {
  const outcome = login(credentials).then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  await vi.advanceTimersByTimeAsync(ms);
  return outcome;
}

describe('login retry rule', () => {
  it('retries once, 500 ms later, after a network error', async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(json(200, makeAuth(['ROLE_GERANT'])));
    const pending = login(credentials);
    await vi.advanceTimersByTimeAsync(499);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await pending;
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(getToken()).toBeTruthy();
  });

  it('retries once after a 5xx answer', async () => {
    fetchMock
      .mockResolvedValueOnce(problem(503, 'INTERNAL', 'Service indisponible.'))
      .mockResolvedValueOnce(json(200, makeAuth(['ROLE_GERANT'])));
    const result = await run(500);
    expect(result.ok).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('never retries a 4xx answer (wrong password, too many attempts)', async () => {
    fetchMock.mockResolvedValue(
      problem(401, 'INVALID_CREDENTIALS', 'Adresse e-mail ou mot de passe incorrect.'),
    );
    const result = await run(1000);
    expect(result.ok).toBe(false);
    expect((result as { error: ApiError }).error.problem.detail).toBe(
      'Adresse e-mail ou mot de passe incorrect.',
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(getToken()).toBeNull();
  });

  it('gives up after the one retry', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const result = await run(2000);
    expect(result.ok).toBe(false);
    expect((result as { error: unknown }).error).toBeInstanceOf(NetworkError);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
