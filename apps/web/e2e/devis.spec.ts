import { expect, test, type Page } from '@playwright/test';
import { DEMO } from './support/constants';
import { mailCount, waitForMail } from './support/mail-catcher';
import { loginAs, searchList } from './support/pages';
import { chooseOption, toast } from './support/prime';
import { amount } from './support/ventes-pages';

/** A call to the API with the signed-in owner's session (set-up data, stock read-back). */
async function api<T>(page: Page, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ path, body }) => {
      const token = localStorage.getItem('token');
      const shop = (JSON.parse(localStorage.getItem('service')!) as { id: number }).id;
      if (!document.cookie.includes('XSRF-TOKEN=')) await fetch('/api/auth/xsrf');
      const xsrf = /XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '';
      const r = await fetch(`/api/services/${shop}/${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'x-xsrf-token': decodeURIComponent(xsrf),
        },
        body: body === undefined ? null : JSON.stringify(body),
      });
      if (!r.ok) throw new Error(`${r.status} ${await r.text()}`);
      return (await r.json()) as unknown;
    },
    { path, body },
  ) as Promise<T>;
}

const stockCreme = async (page: Page) =>
  (
    await api<{ items: Array<{ nom: string; quantite: number }> }>(
      page,
      'produits?q=creme%20fraiche',
    )
  ).items.find((p) => p.nom === 'Crème fraîche 20 cl')!.quantite;

const isoDay = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toLocaleDateString('sv-SE', {
    timeZone: 'Africa/Dakar',
  });

test('devis : un produit et une prestation, envoyé par e-mail avec son PDF, accepté, converti en vente et facturé une seule fois (PDF de la facture) ; un devis dépassé est « Expiré »', async ({
  page,
  context,
}) => {
  const run = Date.now().toString(36);
  const nom = `Société Devis ${run}`;
  const email = `achats-${run}@exemple.sn`;
  await loginAs(page, DEMO.proprietaire);
  const client = await api<{ id: number }>(page, 'clients', {
    nom,
    telephone: `78${String(Date.now() % 10_000_000).padStart(7, '0')}`,
    email,
    professionnel: true,
    adresse: '12 avenue Senghor, Dakar',
  });

  // The quote: 2 × Crème fraîche 20 cl (900 FCFA) and a delivery service of 5 000 FCFA.
  await page.goto('/pages/devis/add');
  await expect(page.getByRole('heading', { name: 'Nouveau devis' })).toBeVisible();
  await page.locator('[id="devis-client"]').fill(nom);
  await page.locator('.p-autocomplete-panel').getByText(nom).click();
  await expect(page.getByTestId('devis-client-identite')).toContainText('Professionnel');
  await expect(page.getByTestId('devis-client-identite')).toContainText(email);
  const produit = page.getByLabel('Ajouter un article');
  await produit.fill('creme fraiche');
  await expect(
    page.locator('.p-autocomplete-panel').getByText('Crème fraîche 20 cl'),
  ).toBeVisible();
  await produit.press('Enter');
  const quantite = page.locator('[id="ligne-0-quantite"]');
  await quantite.click();
  await quantite.press('Control+a');
  await quantite.pressSequentially('2');
  await quantite.press('Tab');
  await page.getByRole('button', { name: 'Ajouter une prestation' }).click();
  await page.getByLabel('Désignation').fill('Livraison à Rufisque');
  await page.locator('[id="prestation-0-prix"]').pressSequentially('5000');
  await page.locator('[id="prestation-0-prix"]').press('Tab');
  await expect(page.getByTestId('total-Total TTC')).toHaveText(amount('6 800 FCFA'));
  await page.getByRole('button', { name: 'Enregistrer le brouillon' }).click();
  await expect(page.getByRole('heading', { name: /Brouillon de devis n° \d+/ })).toBeVisible();
  const devisUrl = page.url();
  const premier = await api<{ typeVente: { id: number } }>(
    page,
    `devis/${/\/pages\/devis\/(\d+)$/.exec(devisUrl)![1]}`,
  );
  await expect(page.getByTestId('devis-statut')).toHaveText('Brouillon');
  await expect(page.getByTestId('devis-lignes')).toContainText('Livraison à Rufisque');

  // « Envoyer par e-mail »: numbered, sent, the mail carries the PDF.
  const before = await mailCount();
  await page.getByRole('button', { name: 'Envoyer par e-mail' }).click();
  const envoi = page.getByRole('dialog', { name: 'Envoyer le devis par e-mail' });
  await expect(envoi).toContainText(email);
  await envoi.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(toast(page, /Le devis D-\d{4}-\d{6} a été envoyé/)).toBeVisible();
  const heading = page.getByRole('heading', { name: /^Devis D-\d{4}-\d{6}$/ });
  await expect(heading).toBeVisible();
  const numero = /D-\d{4}-\d{6}/.exec((await heading.textContent()) ?? '')![0];
  await expect(page.getByTestId('devis-statut')).toHaveText('Envoyé');
  const mail = await waitForMail(email, before);
  expect(mail.subject).toContain(numero);
  const pdf = mail.attachments.find((a) => a.contentType === 'application/pdf');
  expect(pdf?.filename).toContain(numero);
  expect(Buffer.from(pdf!.content).subarray(0, 5).toString()).toBe('%PDF-');

  // Accepted, then converted, paid in cash; a second page still shows the quote « Accepté ».
  await page.getByRole('button', { name: 'Accepter' }).click();
  await expect(page.getByTestId('devis-statut')).toHaveText('Accepté');
  const other = await context.newPage();
  await other.goto(devisUrl);
  await expect(other.getByTestId('devis-statut')).toHaveText('Accepté');
  const stockAvant = await stockCreme(page);
  await page.getByRole('button', { name: 'Convertir en vente' }).click();
  const conversion = page.getByRole('dialog', { name: /Convertir le devis/ });
  await conversion
    .getByRole('group', { name: 'Ajouter un paiement' })
    .getByRole('button', { name: 'Espèces' })
    .click();
  await conversion.getByLabel('Facturer aussi', { exact: false }).check();
  await conversion.getByRole('button', { name: 'Enregistrer' }).click();
  const converti = page.getByTestId('devis-converti');
  await expect(converti).toContainText(/vente V-\d{4}-\d{6} et facture F-\d{4}-\d{6}/);
  const vente = /V-\d{4}-\d{6}/.exec((await converti.textContent()) ?? '')![0];
  const facture = /F-\d{4}-\d{6}/.exec((await converti.textContent()) ?? '')![0];
  await expect(page.getByTestId('devis-statut')).toHaveText('Converti');
  expect(await stockCreme(page)).toBe(stockAvant - 2000);
  // The invoice issued with the sale downloads as a PDF.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: `Facture ${facture}` }).click();
  const fichier = await download;
  expect(fichier.suggestedFilename()).toBe(`facture-${facture}.pdf`);
  const contenu = await fichier.createReadStream();
  const octets: Buffer[] = [];
  for await (const chunk of contenu) octets.push(chunk as Buffer);
  expect(Buffer.concat(octets).subarray(0, 5).toString()).toBe('%PDF-');

  // The stale page tries again: refused in French, nothing recorded.
  await other.getByRole('button', { name: 'Convertir en vente' }).click();
  const again = other.getByRole('dialog', { name: /Convertir le devis/ });
  await again
    .getByRole('group', { name: 'Ajouter un paiement' })
    .getByRole('button', { name: 'Espèces' })
    .click();
  await again.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(again.getByTestId('conversion-erreur')).toHaveText(
    'Ce devis a déjà été converti en vente : une seule vente par devis.',
  );
  await other.close();
  expect(await stockCreme(page)).toBe(stockAvant - 2000);

  // The sale is in the sales list, at the quoted prices.
  await page.goto('/pages/ventes-list');
  const ventes = await searchList(page, 'Rechercher une vente', 'ventes-table', vente);
  const row = ventes.locator('tbody tr').filter({ hasText: vente });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(nom);
  await expect(row).toContainText(/6\s800\sFCFA/);
  await row.getByRole('link', { name: vente }).click();
  await expect(page.getByRole('main')).toContainText('Livraison à Rufisque');
  await expect(page.getByRole('main')).toContainText(/900\sFCFA/);
  await expect(page.getByRole('main')).toContainText(`Devis ${numero}`);

  // A quote sent and no longer valid shows « Expiré », in its list filter too.
  const vieux = await api<{ id: number }>(page, 'devis', {
    cleIdempotence: crypto.randomUUID(),
    clientId: client.id,
    typeVenteId: premier.typeVente.id,
    dateValidite: isoDay(-3),
    lignes: [
      {
        produitId: null,
        designation: `Étude ${run}`,
        prixUnitaire: 10_000,
        tauxTva: 0,
        quantite: 1000,
      },
    ],
  });
  await api(page, `devis/${vieux.id}/envoi`, { message: null });
  await page.goto('/pages/devis');
  await page.getByLabel('Rechercher un devis').fill(nom);
  const rows = page.getByTestId('devis-table').locator('tbody tr');
  // The search applied first (the customer's two quotes), so that the status filter adds to it.
  await expect(rows).toHaveCount(2);
  await chooseOption(page, 'devis-statut', 'Expiré');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Expiré');
  await rows.first().getByRole('link').click();
  await expect(page.getByTestId('devis-statut')).toHaveText('Expiré');
  await expect(page.getByRole('button', { name: 'Accepter' })).toHaveCount(0);
});
