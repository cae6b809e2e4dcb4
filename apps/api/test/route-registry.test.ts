import { describe, expect, it } from 'vitest';
import { assertRoutesDeclared, type RegisteredRoute } from '../src/core/route.js';
import { startTestServer } from './support/test-app.js';

const declared = (method: string, url: string) => ({ method, url }) as RegisteredRoute;

describe('routes hors de defineRoute', () => {
  it('une route /api absente du registre empêche de construire l’application', () => {
    const registry = [declared('GET', '/api/health')];
    expect(() =>
      assertRoutesDeclared(
        [
          { method: 'GET', url: '/api/health' },
          { method: 'HEAD', url: '/api/health' },
          { method: 'GET', url: '/*' },
          { method: 'GET', url: '/assets/app.js' },
          { method: 'DELETE', url: '/api/services/:serviceId/ventes/:id' },
        ],
        registry,
      ),
    ).toThrow(
      'Routes enregistrées hors de defineRoute : DELETE /api/services/:serviceId/ventes/:id',
    );
    expect(() =>
      assertRoutesDeclared([{ method: 'GET', url: '/api/health' }], registry),
    ).not.toThrow();
  });

  it('l’application réelle se construit : chacune de ses routes /api passe par defineRoute', async () => {
    const server = await startTestServer();
    try {
      expect(server.ctx.routes.length).toBeGreaterThan(100);
      expect((await server.client().get('/api/health')).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
