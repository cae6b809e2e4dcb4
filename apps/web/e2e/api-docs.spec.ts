import { expect, test } from '@playwright/test';

test('référence de l’API : /api/docs s’affiche dans le navigateur sous sa CSP, sans rien chercher ailleurs', async ({
  page,
}) => {
  const refused: string[] = [];
  const urls: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) refused.push(m.text());
  });
  page.on('request', (r) => urls.push(r.url()));
  await page.goto('/api/docs');
  await expect(page.getByRole('banner').getByText('référence de l’API')).toBeVisible();
  // Swagger UI read the JSON and lists the operations by their French tags and summaries.
  await expect(page.locator('.swagger-ui .info .title')).toContainText('API Comptoir');
  const ventes = page.locator('.opblock-tag', { hasText: 'Ventes' }).first();
  await expect(ventes).toBeVisible();
  await ventes.click();
  await expect(page.getByText('Ticket de caisse PDF').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Document OpenAPI (JSON)' })).toHaveAttribute(
    'href',
    '/api/docs/openapi.json',
  );
  expect(refused).toEqual([]);
  const origin = new URL(page.url()).origin;
  expect(urls.filter((u) => !u.startsWith(origin) && !u.startsWith('data:'))).toEqual([]);
});
