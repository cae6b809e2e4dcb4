import { expect, test, type Page } from '@playwright/test';
import { api, key } from './support/api';
import { DEMO } from './support/constants';
import { loginAs } from './support/pages';

/**
 * The periods of the lists and the stock value's « today » are the shop's days (issue 13), not
 * the browser's. The demo shop is in Dakar (UTC); the browser is put in a zone whose day is
 * another one right now: east of the date line (UTC+14) once Dakar is past 10:00, west of it
 * (UTC−11) before.
 */
const BROWSER_ZONE = new Date().getUTCHours() >= 10 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';
test.use({ timezoneId: BROWSER_ZONE });

/** 'YYYY-MM-DD' now in `zone`. */
const dayIn = (zone: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

/** Opens `path` and gives back the `du` and `au` the list asks its API path ending in `list`. */
async function periodeDemandee(page: Page, path: string, list: string) {
  const request = page.waitForRequest((r) => {
    const u = new URL(r.url());
    return u.pathname.endsWith(list) && u.searchParams.has('du');
  });
  await page.goto(path);
  const u = new URL((await request).url());
  return [u.searchParams.get('du'), u.searchParams.get('au')];
}

test('navigateur dans un autre fuseau : « Aujourd’hui » des ventes, achats et dépenses et la valeur du stock suivent le jour de la boutique', async ({
  page,
}) => {
  const run = Date.now().toString(36);
  await loginAs(page, DEMO.proprietaire);
  const shop = await api<{ pays: string }>(page, 'GET', '/api/services/:shop');
  expect(shop.pays).toBe('SN');
  const today = dayIn('Africa/Dakar');
  // The browser's own day is another one: a filter taking it would ask the wrong day.
  const browserDay = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
  expect(browserDay).toBe(dayIn(BROWSER_ZONE));
  expect(browserDay).not.toBe(today);

  // A sale made now belongs to the shop's today: « Aujourd'hui » lists it.
  const unite = (await api<{ items: Array<{ id: number }> }>(page, 'GET', '/api/unites')).items[0]!;
  const type = (await api<{ items: Array<{ id: number }> }>(page, 'GET', '/api/types-ventes'))
    .items[0]!;
  const produit = await api<{ id: number }>(page, 'POST', '/api/services/:shop/produits', {
    nom: `Thiakry ${run}`,
    uniteId: unite.id,
    prixVente: 1_500,
    prixAchat: 700,
    tauxTva: 0,
    stockInitial: 10_000,
  });
  const vente = await api<{ numero: string }>(page, 'POST', '/api/services/:shop/ventes', {
    cleIdempotence: key(),
    typeVenteId: type.id,
    lignes: [{ produitId: produit.id, quantite: 1000 }],
    paiements: [{ mode: 'especes', montant: 1_500 }],
  });
  expect(await periodeDemandee(page, '/pages/ventes-list?periode=jour', '/ventes')).toEqual([
    today,
    today,
  ]);
  await expect(page.getByText(vente.numero).first()).toBeVisible();

  expect(
    await periodeDemandee(page, '/pages/approvisionnements-list?periode=jour', '/achats'),
  ).toEqual([today, today]);
  expect(await periodeDemandee(page, '/pages/depenses?periode=jour', '/depenses')).toEqual([
    today,
    today,
  ]);

  // The stock value at the end of the shop's today, not of the browser's.
  await page.goto('/pages/rapports/produits?onglet=stock');
  const [y, m, d] = today.split('-');
  await expect(page.locator('#valorisation-date')).toHaveValue(`${d}/${m}/${y}`);
});
