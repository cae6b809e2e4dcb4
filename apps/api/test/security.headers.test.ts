import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT } from './support/database.js';
import { createUser, login } from './support/factories.js';
import { fileForm, redPng } from './support/images.js';
import { startTestServer, type TestServer } from './support/test-app.js';

/**
 * Security headers (issue 10, item 13): HSTS when the public address is https, and API answers
 * never kept in a cache (an image file keeps its own long caching: its id changes with it).
 */
describe(`en-têtes de sécurité (${TEST_DIALECT})`, () => {
  let https: TestServer;
  let http: TestServer;

  beforeAll(async () => {
    https = await startTestServer({ PUBLIC_URL: 'https://comptoir.exemple.test' });
    http = await startTestServer();
  });
  afterAll(async () => {
    await https.close();
    await http.close();
  });

  it('HSTS sur chaque réponse quand PUBLIC_URL est en https, jamais en http', async () => {
    for (const path of ['/api/health', '/api/inconnue', '/']) {
      const secure = await fetch(`${https.baseUrl}${path}`);
      expect(secure.headers.get('strict-transport-security'), path).toBe(
        'max-age=31536000; includeSubDomains',
      );
      const plain = await fetch(`${http.baseUrl}${path}`);
      expect(plain.headers.get('strict-transport-security'), path).toBeNull();
    }
  });

  it('Cache-Control: no-store sur les réponses de l’API, succès comme erreurs', async () => {
    const user = await createUser(http.ctx, { roles: ['ROLE_GERANT'] });
    const client = http.client();
    const { token } = await login(client, user.email);
    for (const answer of [
      await client.get('/api/health'),
      await client.get('/api/account', { token }),
      await client.get('/api/account'),
      await client.get('/api/inconnue'),
      await client.post('/api/auth/login', { email: user.email, password: 'faux-mot-de-passe' }),
    ])
      expect(answer.headers.get('cache-control')).toBe('no-store');
    const photo = await client.request('POST', '/api/account/photo', {
      token,
      form: fileForm(await redPng(), 'image/png'),
    });
    const file = await client.get(photo.body.profileImage as string, { token });
    expect(file.status).toBe(200);
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});
