// API figures of the foundation: authenticated read, token refresh, login (argon2id).
import { fmt, percentiles } from './server.mjs';

async function session(baseUrl) {
  const xsrfRes = await fetch(`${baseUrl}/api/auth/xsrf`);
  const cookie = xsrfRes.headers.getSetCookie()[0].split(';')[0];
  const xsrf = cookie.split('=')[1];
  const headers = { 'content-type': 'application/json', cookie, 'x-xsrf-token': xsrf };
  return { headers };
}

async function timed(fn) {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

export async function benchAuth(baseUrl) {
  const { headers } = await session(baseUrl);
  const login = async () => {
    const r = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: 'proprietaire@comptoir.test', password: 'comptoir' }),
    });
    if (r.status !== 200) throw new Error(`login ${r.status}`);
    return r.json();
  };
  const logins = [];
  let last;
  for (let i = 0; i < 20; i++) logins.push(await timed(async () => (last = await login())));
  const reads = [];
  for (let i = 0; i < 50; i++)
    await fetch(`${baseUrl}/api/account`, { headers: { authorization: `Bearer ${last.token}` } });
  for (let i = 0; i < 500; i++) {
    reads.push(
      await timed(async () => {
        const r = await fetch(`${baseUrl}/api/account`, {
          headers: { authorization: `Bearer ${last.token}` },
        });
        if (r.status !== 200) throw new Error(`account ${r.status}`);
        await r.arrayBuffer();
      }),
    );
  }
  const refreshes = [];
  let refreshToken = last.refreshToken;
  for (let i = 0; i < 200; i++) {
    refreshes.push(
      await timed(async () => {
        const r = await fetch(`${baseUrl}/api/auth/refresh`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ refreshToken }),
        });
        if (r.status !== 200) throw new Error(`refresh ${r.status}`);
        refreshToken = (await r.json()).refreshToken;
      }),
    );
  }
  const row = (label, s) => {
    const p = percentiles(s);
    return `  ${label.padEnd(38)} p50 ${fmt(p.p50).padStart(10)}   p95 ${fmt(p.p95).padStart(10)}   (n=${p.n})`;
  };
  return [
    row('GET /api/account (jeton + compte)', reads),
    row('POST /api/auth/refresh (rotation)', refreshes),
    row('POST /api/auth/login (argon2id)', logins),
  ].join('\n');
}
