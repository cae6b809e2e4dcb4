// Registers of a bench shop, opened through the API as an owner opens them.
import { api } from './ventes.mjs';

/**
 * `n` registers of the shop, each with its open session: a till is a register, as at the POS.
 * « Caisse 1 », which every shop starts with, then the owner adds the others.
 */
export async function ouvrirCaisses(baseUrl, s, shopId, n) {
  const base = `/api/services/${shopId}/caisses`;
  const caisses = [];
  for (let k = 1; k <= n; k++) {
    const caisse =
      k === 1
        ? (await api(baseUrl, s, 'GET', base))[0]
        : await api(baseUrl, s, 'POST', base, { nom: `Caisse ${k}` });
    await api(baseUrl, s, 'POST', `${base}/${caisse.id}/sessions`, { fond: 0 });
    caisses.push(caisse.id);
  }
  return caisses;
}

/**
 * At the POS of the bench shop, whose registers the tills of the HTTP part hold: this device takes
 * the first one, as a person does (« Vendre sur … », then « Choisir quand même »), its session
 * open; then waits for `search`, the POS's search field.
 */
export async function prendreCaisse(page, search) {
  const choix = page.getByTestId('caisse-choix');
  await search.or(choix).first().waitFor();
  if (await choix.isVisible()) {
    await choix
      .getByRole('button', { name: /^Vendre sur/ })
      .first()
      .click();
    const quandMeme = choix.getByRole('button', { name: 'Choisir quand même' });
    await search.or(quandMeme).first().waitFor();
    if (await quandMeme.isVisible()) await quandMeme.click();
  }
  await search.waitFor();
}
