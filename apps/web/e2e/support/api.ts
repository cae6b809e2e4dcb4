import type { Page } from '@playwright/test';

/**
 * Calls the API as the signed-in page does (token, anti-forgery cookie echoed): set-up data of a
 * spec. `:shop` in the path is the current shop's id.
 */
export async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const xsrf = document.cookie
        .split(';')
        .map((c) => c.trim().split('='))
        .find(([name]) => name === 'XSRF-TOKEN')?.[1];
      const shop = (JSON.parse(localStorage.getItem('service')!) as { id: number }).id;
      const r = await fetch(path.replace(':shop', String(shop)), {
        method,
        headers: {
          authorization: `Bearer ${localStorage.getItem('token')}`,
          'content-type': 'application/json',
          ...(xsrf ? { 'x-xsrf-token': decodeURIComponent(xsrf) } : {}),
        },
        body: body === undefined ? null : JSON.stringify(body),
      });
      if (!r.ok) throw new Error(`${method} ${path} : ${r.status} ${await r.text()}`);
      return r.json();
    },
    { method, path, body },
  ) as Promise<T>;
}

/** A fresh idempotency key. */
export const key = () => `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}`;
