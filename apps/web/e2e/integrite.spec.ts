import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO } from './support/constants';
import { loginAs } from './support/pages';

/**
 * The owner's « Intégrité » page (docs/regles-metier.md « Archives du journal »): she closes the
 * day, then the month, sees the month's signed archive, downloads it (checked here with unzip,
 * sha256sum and openssl, as its LISEZMOI says) and runs the integrity check, answered in French.
 */
test('intégrité : clôture du jour puis du mois, archive signée téléchargée et vérifiée, contrôle du journal', async ({
  page,
}) => {
  await loginAs(page, DEMO.proprietaire);
  await page.goto('/pages/integrite');
  await expect(page.getByRole('heading', { name: 'Intégrité' })).toBeVisible();

  await page.getByRole('button', { name: 'Clôturer la journée' }).click();
  await expect(
    page.getByText(/^Clôture journalière CJ-\d{4}-\d{6} enregistrée et signée/),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Clôturer le mois' }).click();
  const faite = page.getByText(/^Clôture mensuelle CM-\d{4}-\d{6} enregistrée et signée/);
  await expect(faite).toBeVisible();
  const reference = /CM-\d{4}-\d{6}/.exec((await faite.textContent()) ?? '')![0];

  // The month's archive, listed with its dates as a French reader writes them.
  const archives = page.getByTestId('journal-archives');
  const row = archives.locator('tbody tr').filter({ hasText: reference });
  await expect(row).toContainText('Mois');
  await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4}/);
  await expect(row).toContainText(/ko/);

  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: `Télécharger l’archive ${reference}` }).click();
  const fichier = await download;
  expect(fichier.suggestedFilename()).toMatch(new RegExp(`^journal-\\d+-${reference}\\.zip$`));
  const dir = mkdtempSync(path.join(tmpdir(), 'integrite-'));
  const zip = path.join(dir, 'archive.zip');
  await fichier.saveAs(zip);
  execFileSync('unzip', ['-q', zip], { cwd: dir });
  const signature = execFileSync(
    'openssl',
    [
      'pkeyutl',
      '-verify',
      '-pubin',
      '-inkey',
      'cle-publique.pem',
      '-rawin',
      '-in',
      'manifeste.txt',
      '-sigfile',
      'manifeste.sig',
    ],
    { cwd: dir, encoding: 'utf8' },
  );
  expect(signature).toContain('Signature Verified Successfully');
  const sommes = execFileSync('sha256sum', ['-c', 'manifeste.txt'], { cwd: dir, encoding: 'utf8' });
  expect(sommes).toContain('journal.txt: OK');
  expect(sommes).toContain('LISEZMOI.txt: OK');

  // The FEC is saved under the name the server gives (SirenFECAAAAMMJJ.txt, the name the LPF asks
  // for; `boutique<id>` for a shop without SIRET), dated by the period's last day.
  const au = await page.locator('#fec-au').inputValue();
  const [jj, mm, aa] = au.split('/');
  const fec = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Télécharger le FEC' }).click();
  const fichierFec = await fec;
  expect(fichierFec.suggestedFilename()).toMatch(
    new RegExp(`^(\\d{9}|boutique\\d+)FEC${aa}${mm}${jj}\\.txt$`),
  );
  const lignesFec = readFileSync(await fichierFec.path(), 'latin1').split('\r\n');
  expect(lignesFec[0]).toMatch(/^JournalCode\tJournalLib\tEcritureNum\t/);

  await page.getByRole('button', { name: 'Vérifier l’intégrité du journal' }).click();
  await expect(
    page.getByText(
      /^Journal intact\s: \d+ entrées vérifiées, chaîne des empreintes complète\s; \d+ événements? techniques?, chaîne complète\.$/,
    ),
  ).toBeVisible();
});
