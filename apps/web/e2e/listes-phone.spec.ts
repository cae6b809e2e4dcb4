import { expect, test, type Page } from '@playwright/test';
import { DEMO } from './support/constants';
import { loginAs } from './support/pages';

/**
 * A 360 px phone: the administrator's lists (units, sale types, plans, subscriptions) and the owner's
 * register sessions, discarded sales and journal pages are cards; the page never scrolls sideways
 * and every card stays inside the screen.
 */
test.use({ viewport: { width: 360, height: 740 } });

async function expectCardsFit(page: Page, testId: string, atLeastOne: boolean) {
  const list = page.getByTestId(testId);
  await expect(list).toBeVisible();
  const cards = list.getByRole('listitem');
  if (atLeastOne) await expect(cards.first()).toBeVisible();
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    view: window.innerWidth,
  }));
  expect(widths.scroll, testId).toBeLessThanOrEqual(widths.view);
  const count = await cards.count();
  for (let i = 0; i < count; i++) {
    const box = await cards.nth(i).boundingBox();
    expect(box, `${testId} carte ${i}`).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  }
  return cards;
}

test('téléphone, administrateur : unités, types de vente, formules et abonnements en cartes', async ({
  page,
}) => {
  await loginAs(page, DEMO.admin);
  await page.goto('/pages/unites');
  const unites = await expectCardsFit(page, 'unites-cards', true);
  await expect(unites.filter({ hasText: 'kilogramme (kg)' })).toContainText('Quantités décimales');
  await expect(page.getByTestId('unites-table')).toHaveCount(0);

  await page.goto('/pages/types-ventes');
  const types = await expectCardsFit(page, 'types-ventes-cards', true);
  await expect(types.first()).toContainText('Prix utilisé');

  await page.goto('/pages/abonnements');
  const formules = await expectCardsFit(page, 'plans-cards', true);
  await expect(formules.first()).toContainText('mois');
  await page.goto('/pages/abonnements?tab=abonnements');
  const abonnements = await expectCardsFit(page, 'abonnements-cards', true);
  await expect(abonnements.first().locator('.card-list-amount')).toHaveText(/FCFA|€/);
});

test('téléphone, propriétaire : sessions de caisse, ventes écartées et journal en cartes', async ({
  page,
}) => {
  await loginAs(page, DEMO.proprietaire);
  await page.goto('/pages/caisses');
  await expect(page.getByRole('heading', { name: 'Caisses et sessions' })).toBeVisible();
  await expectCardsFit(page, 'sessions-cards', false);

  await page.goto('/pages/caisses/ventes-ecartees');
  await expectCardsFit(page, 'ventes-ecartees-cards', false);

  await page.goto('/pages/integrite');
  await expect(page.getByRole('heading', { name: 'Intégrité' })).toBeVisible();
  // The demo's sales are in the journal: its last entries are cards.
  const entrees = page.getByRole('list', { name: 'Dernières entrées' });
  await expect(entrees.getByRole('listitem').first()).toContainText(/^N° \d+ · /);
  await expectCardsFit(page, 'clotures-cards', false);
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    view: window.innerWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.view);
});
