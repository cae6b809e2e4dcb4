/** Anti-forgery: the XSRF-TOKEN cookie set by the server, echoed in X-XSRF-TOKEN. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

export function readXsrfCookie(): string | null {
  for (const part of document.cookie.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === XSRF_COOKIE) return decodeURIComponent(value.join('='));
  }
  return null;
}

let pending: Promise<void> | null = null;

/** The cookie's value; when absent, first asks the server for one (GET /api/auth/xsrf). */
export async function ensureXsrfToken(): Promise<string | null> {
  const existing = readXsrfCookie();
  if (existing) return existing;
  pending ??= fetch('/api/auth/xsrf', { credentials: 'same-origin' })
    .then(() => undefined)
    .finally(() => {
      pending = null;
    });
  await pending;
  return readXsrfCookie();
}
