import { expect, test, type Locator, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { DEMO } from './support/constants';
import { openRegisterSession, receiptPrinted } from './support/caisse';
import { loginAs } from './support/pages';
import { VenteOnelinePage } from './support/ventes-pages';
import { chooseOption } from './support/prime';

/**
 * A register's day (docs/regles-metier.md « Caisses et sessions »): the manager opens a register
 * with a float, sells, pays an expense from the drawer, counts the drawer by denomination with a
 * small variance and its reason, prints the Z (its PDF read by pdftotext); the owner sees the
 * session, its variance and its Z on /pages/caisses.
 */
const SAVON = '2000000000107'; // Savon de Marseille, 500 FCFA (demo shelf of « Boutique Dakar Plateau »)
const amount = (text: string) => new RegExp(text.replace(/ /g, '\\s'));

async function typeAmount(page: Page, id: string, value: string) {
  const input = page.locator(`[id="${id}"]`);
  await input.click();
  await input.press('Control+a');
  await input.pressSequentially(value);
}

/** The owner adds a register on « Caisses et sessions ». */
async function addRegister(owner: Page, nom: string) {
  await owner.goto('/pages/caisses');
  await owner.getByLabel('Nom de la nouvelle caisse').fill(nom);
  await owner.getByRole('button', { name: 'Ajouter la caisse' }).click();
  await expect(owner.getByText(nom)).toBeVisible();
}

/** At the POS: this device (a fresh one) chooses the register `nom` and opens it with `fond`. */
async function openOn(page: Page, nom: string, fond: string) {
  await page.goto('/pages/ventes');
  await expect(page.getByTestId('caisse-choix')).toBeVisible();
  await openRegisterSession(page, fond, nom);
  const bar = page.getByTestId('caisse-bar');
  await expect(bar).toContainText(nom);
  return bar;
}

test('caisse : fond, vente, dépense payée en caisse, comptage par coupures avec écart et motif, Z ; le propriétaire voit l’écart', async ({
  browser,
}) => {
  const nom = `Caisse E2E ${Date.now() % 100000}`;
  const owner = await (await browser.newContext()).newPage();
  await loginAs(owner, DEMO.proprietaire);
  await addRegister(owner, nom);

  // The manager's device: choose the new register, open it with 10 000 F.
  const page = await (await browser.newContext()).newPage();
  await loginAs(page, DEMO.gerant);
  const bar = await openOn(page, nom, '10000');
  await expect(bar).toContainText(amount('fond 10 000 FCFA'));

  // One soap, paid 500 F in cash.
  const search = page.getByLabel('Rechercher ou scanner un produit');
  await expect(search).toBeFocused();
  await page.keyboard.type(SAVON, { delay: 5 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('pos-line')).toHaveCount(1);
  await page.keyboard.press('F8');
  const pay = page.getByRole('dialog', { name: /Paiement/ });
  await expect(pay.getByLabel('Montant reçu')).toBeFocused();
  await page.keyboard.type('500');
  await page.keyboard.press('Control+Enter');
  const done = page.getByRole('dialog', { name: /Vente V-\d{4}-C\d{2}-\d{6} enregistrée/ });
  await expect(done).toBeVisible();
  await receiptPrinted(page, done);
  await page.keyboard.press('Escape');
  await expect(done).toBeHidden();

  // An expense of 1 000 F paid from the drawer.
  await bar.getByRole('button', { name: 'Entrée / sortie' }).click();
  const mvt = page.getByRole('dialog', { name: 'Mouvement de caisse' });
  await mvt.getByText('Dépense payée en caisse').click();
  await typeAmount(page, 'mouvement-montant', '1000');
  await mvt.getByLabel('Motif').fill('Sacs pour la boutique');
  await chooseOption(page, 'mouvement-categorie', 'Fournitures');
  await mvt.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(mvt).toBeHidden();

  // X report: 10 000 + 500 − 1 000 expected in cash.
  await bar.getByRole('button', { name: 'Rapport X' }).click();
  const x = page.getByRole('dialog', { name: /Rapport X/ });
  await expect(x.getByTestId('rapport-mode-especes')).toContainText(amount('9 500 FCFA'));
  await x
    .getByRole('button', { name: 'Close' })
    .or(x.locator('.p-dialog-header-close'))
    .first()
    .click();
  await expect(x).toBeHidden();

  // Counting: 5 000 + 2 × 2 000 + 2 × 200 = 9 400 F, 100 F missing, with its reason.
  await bar.getByRole('button', { name: 'Clôturer la caisse' }).click();
  const close = page.getByRole('dialog', { name: 'Clôturer la caisse' });
  await close.locator('[id="coupure-5000"]').fill('1');
  await close.locator('[id="coupure-2000"]').fill('2');
  await close.locator('[id="coupure-200"]').fill('2');
  await expect(close.getByTestId('cloture-especes-total')).toContainText(amount('9 400 FCFA'));
  await expect(close.getByTestId('cloture-ecart')).toContainText(/[-−]100\sFCFA/);
  await close.getByLabel(/Motif de l’écart/).fill('Erreur de monnaie rendue');
  await close.getByRole('button', { name: 'Clôturer et établir le Z' }).click();
  const z = page.getByRole('dialog', { name: /Caisse clôturée : Z-\d{4}-\d{6}/ });
  await expect(z).toBeVisible();
  await expect(z.getByTestId('rapport-ecart')).toContainText('Erreur de monnaie rendue');
  const numero = (await z.getByRole('heading', { name: /Rapport Z/ }).textContent())!
    .replace('Rapport Z ', '')
    .trim();

  // The Z printed: a PDF served by the API, whose text (read by poppler, not our code) names the
  // Z and the cash counted.
  const served = page.waitForResponse((r) => r.url().includes('/rapport.pdf'));
  const download = page.waitForEvent('download');
  await z.getByRole('button', { name: 'PDF A4' }).click();
  const answer = await served;
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toMatch(/^application\/pdf/);
  const text = execFileSync('pdftotext', ['-layout', await (await download).path(), '-'], {
    encoding: 'utf8',
  });
  expect(text).toContain(`Rapport Z ${numero}`);
  expect(text).toMatch(/Compté\s+9\s400\sFCFA/);
  expect(text).toMatch(/Écart total\s+[-−]100\sFCFA/);
  expect(text).toContain('Motif : Erreur de monnaie rendue');

  // The owner sees the session, its Z and its variance.
  await owner.reload();
  const row = owner.getByRole('row', { name: new RegExp(nom) }).first();
  await expect(row).toContainText(numero);
  await expect(row).toContainText(/[-−]100\sFCFA/);
  await row.getByRole('button', { name: /Voir le Z/ }).click();
  await expect(owner.getByRole('dialog').getByTestId('rapport-ecart')).toContainText(
    'Erreur de monnaie rendue',
  );
});

/** Every field, label and button of `root` lies within the screen's width; nothing scrolls sideways. */
async function expectWithinWidth(page: Page, root: Locator) {
  const outside = await root.evaluate((el) => {
    const width = document.documentElement.clientWidth;
    const scrolls = [el, ...el.querySelectorAll<HTMLElement>('.p-dialog-content')]
      .filter((e) => e.scrollWidth > e.clientWidth + 1)
      .map((e) => `${e.className} défile (${e.scrollWidth} > ${e.clientWidth})`);
    const parts = [
      ...el.querySelectorAll<HTMLElement>('input, textarea, button, label, [data-testid], td, th'),
    ].filter((e) => {
      const r = e.getBoundingClientRect();
      return r.width > 2 && r.height > 2 && (r.left < 0 || r.right > width + 0.5);
    });
    return [...scrolls, ...parts.map((e) => e.outerHTML.slice(0, 80))];
  });
  expect(outside).toEqual([]);
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
    ),
  ).toBe(true);
}

test('caisse sur un téléphone (360 px) : la barre de session tient sur une ligne, ses fenêtres sans défilement horizontal', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await loginAs(page, DEMO.gerant);
  await page.goto('/pages/ventes');
  await openRegisterSession(page, '5000');
  const bar = page.getByTestId('caisse-bar');
  await expect(bar).toBeVisible();
  // One line: the register's name and three icon buttons named for screen readers.
  const barBox = (await bar.boundingBox())!;
  expect(barBox.height).toBeLessThan(60);
  await expectWithinWidth(page, bar);

  const open = async (button: string, dialogName: string | RegExp) => {
    await bar.getByRole('button', { name: button }).click();
    const dialog = page.getByRole('dialog', { name: dialogName });
    await expect(dialog).toBeVisible();
    // Full width once PrimeReact's opening zoom is over (the box grows during the animation).
    await expect
      .poll(async () => (await dialog.boundingBox())?.width ?? 0)
      .toBeGreaterThanOrEqual(355);
    return dialog;
  };
  const x = await open('Rapport X', /Rapport X/);
  await expect(x.getByTestId('rapport-mode-especes')).toBeVisible();
  await expectWithinWidth(page, x);
  await page.keyboard.press('Escape');
  await expect(x).toBeHidden();

  const mvt = await open('Entrée / sortie', 'Mouvement de caisse');
  await mvt.getByText('Dépense payée en caisse').click();
  await expect(mvt.getByText('Catégorie de la dépense')).toBeVisible();
  await expectWithinWidth(page, mvt);
  await mvt.getByRole('button', { name: 'Annuler' }).click();
  await expect(mvt).toBeHidden();

  const close = await open('Clôturer la caisse', 'Clôturer la caisse');
  await expect(close.locator('[id="coupure-10000"]')).toBeVisible();
  await expectWithinWidth(page, close);
  await close.getByRole('button', { name: 'Annuler' }).click();
  await expect(close).toBeHidden();
});

test('vente au bureau payée : elle nomme la caisse qui encaisse, dont le rapport X la compte', async ({
  page,
}) => {
  const nom = `Caisse bureau ${Date.now() % 100000}`;
  await loginAs(page, DEMO.proprietaire);
  await addRegister(page, nom);
  await openOn(page, nom, '2000');

  // Lait concentré sucré, 700 F, paid in cash in the back office: the register is asked.
  const vente = new VenteOnelinePage(page);
  await vente.goto();
  await vente.addProduct('lait concentre', 'Lait concentré sucré');
  await expect(page.locator('[id="vente-caisse"]')).toHaveCount(0);
  await vente.payRestInCash();
  await chooseOption(page, 'vente-caisse', nom);
  await vente.save();

  // Its session's X: one sale of 700 F, 2 000 + 700 F expected in cash.
  await page.goto('/pages/ventes');
  const bar = page.getByTestId('caisse-bar');
  await expect(bar).toContainText(nom);
  await bar.getByRole('button', { name: 'Rapport X' }).click();
  const x = page.getByRole('dialog', { name: /Rapport X/ });
  await expect(x.getByTestId('rapport-ventes')).toHaveText(amount('700 FCFA'));
  await expect(x.getByTestId('rapport-mode-especes')).toContainText(amount('2 700 FCFA'));
});
