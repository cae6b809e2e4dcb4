import type { Vente } from '@comptoir/shared';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { printReceipt } from './print';
import { Receipt } from './Receipt';
import { cashSummary, formatDay, legalIds, paymentLabel, type ReceiptShop } from './receipt-format';

const shop: ReceiptShop = {
  nom: 'Boutique Dakar Plateau',
  adresse: '12 avenue Léopold Sédar Senghor',
  ville: 'Dakar',
  pays: 'SN',
  telephone: '+221 33 821 00 00',
  enteteTicket: 'Boutique Dakar Plateau\nOuvert 7j/7',
  piedTicket: 'Merci de votre visite !',
  siret: null,
  tvaIntracom: null,
  ninea: '005123456',
  rccm: 'SN-DKR-2020-B-12345',
  assujettiTva: true,
};

const ligne = (
  id: number,
  nom: string,
  quantite: number,
  prix: number,
  ttc: number,
  tva: number,
) => ({
  id,
  produitId: id,
  nom,
  reference: null,
  codeBarres: null,
  uniteSymbole: 'pce',
  fractionnable: false,
  quantite,
  prixUnitaire: prix,
  tauxTva: 1800,
  prixAchat: 0,
  remise: null,
  montantBrut: ttc,
  remiseLigne: 0,
  remiseGlobale: 0,
  montantHt: ttc - tva,
  montantTva: tva,
  montantTtc: ttc,
  quantiteRetournee: 0,
});

const VENTE: Vente = {
  id: 41,
  numero: 'V-2026-000041',
  createdAt: '2026-11-21T10:05:00.000Z',
  devise: 'XOF',
  typeVente: { id: 1, nom: 'Vente au détail' },
  client: { id: 3, nom: 'Awa Diop', telephone: '+221771234567' },
  vendeur: { id: 2, prenom: 'Fatou', nom: 'Sow' },
  lignes: [
    ligne(1, 'Nutella 400 g', 2000, 2750, 5500, 839),
    ligne(2, 'Eau minérale 1,5 L', 1000, 400, 400, 61),
  ],
  remiseGlobale: null,
  totalBrut: 5900,
  totalRemises: 0,
  montantRemiseGlobale: 0,
  totalHt: 5000,
  totalTva: 900,
  totalTtc: 5900,
  tva: [{ tauxTva: 1800, baseHt: 5000, montantTva: 900, montantTtc: 5900 }],
  paiements: [
    {
      id: 1,
      mode: 'especes',
      montant: 3000,
      recu: 5000,
      rendu: 2000,
      operateur: null,
      reference: null,
      createdAt: '2026-11-21T10:05:00.000Z',
    },
    {
      id: 2,
      mode: 'mobile_money',
      montant: 2000,
      recu: null,
      rendu: 0,
      operateur: 'Wave',
      reference: 'TX42',
      createdAt: '2026-11-21T10:05:00.000Z',
    },
  ],
  montantPaye: 5000,
  montantRetourne: 0,
  reste: 900,
  rendu: 2000,
  dette: { id: 9, montant: 900, paye: 0, reste: 900, echeance: '2026-12-21', statut: 'en_cours' },
  retours: [],
  statut: 'partiellement_payee',
  impressions: 0,
  note: null,
};

const text = (el: HTMLElement) => (el.textContent ?? '').replace(/\s+/g, ' ');

describe('Receipt', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    document.getElementById('receipt-print-root')?.remove();
  });

  it('shows header, legal ids, lines, VAT per rate, payments with change, the rest and its due date, and a barcode of the number', async () => {
    render(<Receipt vente={VENTE} shop={shop} />);
    const receipt = screen.getByTestId('receipt');
    const all = text(receipt);
    expect(all).toContain('Ouvert 7j/7');
    expect(all).toContain('NINEA : 005123456');
    expect(all).toContain('RCCM : SN-DKR-2020-B-12345');
    expect(all).toContain('V-2026-000041');
    // The shop's clock (Dakar, UTC+0), not the device's (Paris in these tests).
    expect(all).toContain('Date21/11/2026 10:05');
    expect(all).toContain('Fatou Sow');
    expect(all).toContain('Awa Diop (+221771234567)');
    expect(all).toMatch(/2 pce × 2\s750\sFCFA/);
    expect(all).toMatch(/Total TTC5\s900\sFCFA/);
    expect(text(within(receipt).getByLabelText('TVA'))).toMatch(/18\s%5\s000\sFCFA900\sFCFA/);
    expect(all).toMatch(/Mobile money \(Wave, réf\. TX42\)2\s000\sFCFA/);
    expect(all).toMatch(/Espèces reçues5\s000\sFCFA/);
    expect(all).toMatch(/Monnaie rendue2\s000\sFCFA/);
    expect(all).toMatch(/Reste à payer900\sFCFA/);
    expect(all).toContain('Échéance21/12/2026');
    expect(all).toContain('Merci de votre visite !');
    expect(all).not.toContain('DUPLICATA');
    expect(
      (
        await within(receipt).findByRole('img', { name: 'Code-barres V-2026-000041' })
      ).querySelector('svg'),
    ).not.toBeNull();
  });

  it('says DUPLICATA on a reprint and hides VAT for a shop that is not liable', () => {
    render(
      <Receipt
        vente={{ ...VENTE, tva: [] }}
        shop={{ ...shop, assujettiTva: false, ninea: null, rccm: null }}
        duplicata
        largeur="58"
      />,
    );
    const receipt = screen.getByTestId('receipt');
    expect(text(receipt)).toContain('DUPLICATA');
    expect(text(receipt)).toMatch(/Total5\s900\sFCFA/);
    expect(text(receipt)).not.toContain('Total HT');
    expect(within(receipt).queryByLabelText('TVA')).toBeNull();
    expect(receipt.className).toContain('receipt-58');
  });

  it('prints the receipt alone with a page size of the paper width, its barcode drawn', async () => {
    let during: { pageRule: string; printing: boolean; receipt: string; barcode: boolean } | null =
      null;
    vi.spyOn(window, 'print').mockImplementation(() => {
      during = {
        pageRule: document.head.querySelector('style[data-receipt-page]')?.textContent ?? '',
        printing: document.documentElement.classList.contains('receipt-printing'),
        receipt: text(document.getElementById('receipt-print-root')!),
        barcode: document.querySelector('#receipt-print-root .receipt-barcode svg') !== null,
      };
    });
    await printReceipt({ vente: VENTE, shop, largeur: '58', duplicata: true });
    expect(during).toMatchObject({
      pageRule: '@page { size: 58mm auto; margin: 0 }',
      printing: true,
      barcode: true,
    });
    expect(during!.receipt).toContain('DUPLICATA');
    expect(during!.receipt).toContain('V-2026-000041');
    // Afterwards the page rule and the print class are gone.
    expect(document.head.querySelector('style[data-receipt-page]')).toBeNull();
    expect(document.documentElement.classList.contains('receipt-printing')).toBe(false);
  });

  it('formats helpers in French', () => {
    expect(
      legalIds({
        ...shop,
        siret: '12345678900007',
        tvaIntracom: 'FR40123456789',
        ninea: null,
        rccm: null,
      }),
    ).toEqual(['SIRET : 12345678900007', 'TVA intracom. : FR40123456789']);
    expect(formatDay('2026-01-05')).toBe('05/01/2026');
    expect(paymentLabel({ mode: 'carte', operateur: null, reference: null })).toBe('Carte');
    expect(cashSummary(VENTE)).toEqual({ recu: 5000, rendu: 2000 });
    expect(cashSummary({ paiements: [] })).toBeNull();
  });
});
