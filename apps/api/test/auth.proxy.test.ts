import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/env.js';
import { TEST_DIALECT } from './support/database.js';
import { createUser, PASSWORD } from './support/factories.js';
import { TestClient } from './support/http.js';
import { expectFrench, expectProblem } from './support/problem.js';
import { startTestServer, type TestServer } from './support/test-app.js';

const config = (TRUST_PROXY: string) =>
  loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'comptoir-proxy-')),
    JWT_SECRET: 'un-secret-de-configuration-assez-long-0123456789',
    TRUST_PROXY,
  }).trustProxy;

describe('TRUST_PROXY : un nombre de relais ou leurs adresses, jamais « tous »', () => {
  it('0, un nombre de relais, une liste d’adresses et de réseaux', () => {
    expect(config('0')).toBe(false);
    expect(config('1')).toBe(1);
    expect(config('2')).toBe(2);
    expect(config('10.0.0.1')).toEqual(['10.0.0.1']);
    expect(config('10.0.0.1, 172.16.0.0/12,::1, fd00::/8')).toEqual([
      '10.0.0.1',
      '172.16.0.0/12',
      '::1',
      'fd00::/8',
    ]);
  });

  it.each(['true', 'oui', '10.0.0.0/33', '10.0.0.300', 'proxy.local', '1,', '-1'])(
    '%s : refusé au démarrage, en français',
    (value) => {
      let error: unknown;
      try {
        config(value);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigError);
      const line = (error as Error).message.split('\n').find((l) => l.includes('TRUST_PROXY : '));
      expect(line).toBeDefined();
      expectFrench(line!.replace(/^\s*- \w+ : /, ''));
      expect(line).toContain('le nombre de relais');
    },
  );
});

describe.each([
  ['1', 'un relais'],
  ['127.0.0.1', 'l’adresse du relais'],
])(`X-Forwarded-For forgé, TRUST_PROXY=%s (%s) (${TEST_DIALECT})`, (trust) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ LOGIN_MAX_FAILURES_PER_IP: '12', TRUST_PROXY: trust });
  });
  afterAll(() => server.close());

  // The test client plays the proxy (127.0.0.1): it appends the address it saw, 10.77.0.1, to
  // whatever the client wrote.
  const through = (c: TestClient, email: string, password: string, written: string) =>
    c.post(
      '/api/auth/login',
      { email, password },
      { headers: { 'x-forwarded-for': `${written}, 10.77.0.1` } },
    );

  it('une adresse écrite par le client n’échappe pas à la limite par adresse, ni ne bloque la victime', async () => {
    const c = new TestClient(server.baseUrl);
    for (let i = 0; i < 12; i++) {
      const answer = await through(c, `x${i}@exemple.test`, 'faux', `203.0.113.${i + 1}`);
      expectProblem(answer, 401, 'INVALID_CREDENTIALS');
    }
    const user = await createUser(server.ctx, { roles: ['ROLE_GERANT'] });
    const more = await through(c, user.email, PASSWORD, '198.51.100.7');
    expectProblem(more, 429, 'TOO_MANY_ATTEMPTS');
    // The addresses the attacker wrote (here 203.0.113.1, a victim's) were never counted.
    const victim = await c.post(
      '/api/auth/login',
      { email: user.email, password: PASSWORD },
      { headers: { 'x-forwarded-for': '203.0.113.1' } },
    );
    expect(victim.status).toBe(200);
  });
});
