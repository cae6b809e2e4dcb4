import { expect, test, type Page } from '@playwright/test';
import { DEMO } from './support/constants';
import { loginAs } from './support/pages';

/**
 * The content policy blocks eval (script-src 'self'): no page may even try it (issue 10, item 13;
 * zod's JIT probe `new Function('')` did, on every page that validated a form or an answer). Each
 * page is loaded with a listener on `securitypolicyviolation` and on CSP console errors.
 */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__cspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation: (t: string) => void }).__cspViolation(
        `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  page.on('console', (m) => {
    if (/Content Security Policy|unsafe-eval/i.test(m.text())) violations.push(m.text());
  });
  return violations;
}

const PAGES = [
  '/pages/produits',
  '/pages/categories',
  '/pages/marques',
  '/pages/clients',
  '/pages/fournisseurs',
  '/pages/ventes',
  '/pages/ventes-list',
  '/pages/ventes-oneline',
  '/pages/users/user-profile',
];

test('aucune violation de la politique de contenu : connexion, présentation et pages principales', async ({
  page,
}) => {
  const violations = await watchCsp(page);
  await page.goto('/landing');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await loginAs(page, DEMO.proprietaire);
  for (const path of PAGES) {
    await page.goto(path);
    await expect(page.locator('main, [role="main"], .layout-main').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  expect(violations).toEqual([]);
});
