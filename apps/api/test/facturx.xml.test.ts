import { describe, expect, it } from 'vitest';
import { facturxXml } from '../src/modules/factures/facturx/cii.js';
import { AVOIR, DOCUMENTS, FACTURE_FRANCHISE, FACTURE_MULTI_TAUX } from './facturx.fixtures.js';
import { xpath, xsdErrors } from './support/facturx.js';

/**
 * The CII XML of Factur-X (profile EN 16931), checked by xmllint against the official Factur-X
 * XSD (scripts/ensure-facturx-tools.sh), and the EN 16931 calculation rules evaluated by
 * xmllint's XPath on the XML itself — not by our code.
 */

/** An XPath sum in cents, as an integer (xmllint computes in floating point). */
const cents = (xml: string, expression: string): number =>
  Number(xpath(xml, `round((${expression}) * 100)`));

const HEADER = '//ram:ApplicableHeaderTradeSettlement';
const TOTALS = `${HEADER}/ram:SpecifiedTradeSettlementHeaderMonetarySummation`;

describe.each(Object.entries(DOCUMENTS))('Factur-X : %s', (_name, document) => {
  const xml = facturxXml(document);

  it('passe le schéma XSD Factur-X EN 16931 sans aucune erreur', () => {
    expect(xsdErrors(xml)).toEqual([]);
  });

  it('déclare le profil EN 16931 et le type de document', () => {
    expect(xpath(xml, 'string(//ram:GuidelineSpecifiedDocumentContextParameter/ram:ID)')).toBe(
      'urn:cen.eu:en16931:2017',
    );
    expect(xpath(xml, 'string(//rsm:ExchangedDocument/ram:TypeCode)')).toBe(
      document.type === 'avoir' ? '381' : '380',
    );
    expect(xpath(xml, 'string(//rsm:ExchangedDocument/ram:ID)')).toBe(document.numero);
  });

  it('respecte les règles de calcul EN 16931 (BR-CO-10, 13, 15, 16, S/E-08)', () => {
    const lines = cents(
      xml,
      'sum(//ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount)',
    );
    const lineTotal = cents(xml, `${TOTALS}/ram:LineTotalAmount`);
    const allowances = cents(xml, `sum(${TOTALS}/ram:AllowanceTotalAmount)`);
    const basis = cents(xml, `${TOTALS}/ram:TaxBasisTotalAmount`);
    const tax = cents(xml, `${TOTALS}/ram:TaxTotalAmount`);
    const grand = cents(xml, `${TOTALS}/ram:GrandTotalAmount`);
    const prepaid = cents(xml, `sum(${TOTALS}/ram:TotalPrepaidAmount)`);
    const due = cents(xml, `${TOTALS}/ram:DuePayableAmount`);
    expect(lineTotal).toBe(lines); // BR-CO-10
    expect(allowances).toBe(
      cents(xml, `sum(${HEADER}/ram:SpecifiedTradeAllowanceCharge/ram:ActualAmount)`),
    );
    expect(basis).toBe(lineTotal - allowances); // BR-CO-13
    expect(tax).toBe(cents(xml, `sum(${HEADER}/ram:ApplicableTradeTax/ram:CalculatedAmount)`)); // BR-CO-14
    expect(grand).toBe(basis + tax); // BR-CO-15
    expect(due).toBe(grand - prepaid); // BR-CO-16
    const breakdowns = Number(xpath(xml, `count(${HEADER}/ram:ApplicableTradeTax)`));
    for (let i = 1; i <= breakdowns; i++) {
      const tradeTax = `${HEADER}/ram:ApplicableTradeTax[${i}]`;
      const same = `ram:CategoryCode = string(${tradeTax}/ram:CategoryCode) and ram:RateApplicablePercent = ${tradeTax}/ram:RateApplicablePercent`;
      const lineSum = `sum(//ram:IncludedSupplyChainTradeLineItem[ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax[${same}]]//ram:LineTotalAmount)`;
      const allowanceSum = `sum(${HEADER}/ram:SpecifiedTradeAllowanceCharge[ram:CategoryTradeTax[${same}]]/ram:ActualAmount)`;
      // BR-S-08 / BR-E-08: the base of a rate = its lines − its document discounts.
      expect(cents(xml, `${tradeTax}/ram:BasisAmount`)).toBe(
        cents(xml, `${lineSum} - ${allowanceSum}`),
      );
      // BR-CO-17 (tolerance of one unit, as the EN 16931 rule): tax ≈ base × rate.
      const expected = cents(
        xml,
        `${tradeTax}/ram:BasisAmount * ${tradeTax}/ram:RateApplicablePercent div 100`,
      );
      expect(
        Math.abs(cents(xml, `${tradeTax}/ram:CalculatedAmount`) - expected),
      ).toBeLessThanOrEqual(100);
    }
  });
});

describe('Factur-X : montants exacts', () => {
  it('écrit les totaux de la facture à plusieurs taux au centime, en décimales exactes', () => {
    const xml = facturxXml(FACTURE_MULTI_TAUX);
    expect(xpath(xml, `string(${TOTALS}/ram:LineTotalAmount)`)).toBe('140.60');
    expect(xpath(xml, `string(${TOTALS}/ram:AllowanceTotalAmount)`)).toBe('6.00');
    expect(xpath(xml, `string(${TOTALS}/ram:TaxBasisTotalAmount)`)).toBe('134.60');
    expect(xpath(xml, `string(${TOTALS}/ram:TaxTotalAmount)`)).toBe('22.27');
    expect(xpath(xml, `string(${TOTALS}/ram:GrandTotalAmount)`)).toBe('156.87');
    expect(xpath(xml, `string(${TOTALS}/ram:TotalPrepaidAmount)`)).toBe('50.00');
    expect(xpath(xml, `string(${TOTALS}/ram:DuePayableAmount)`)).toBe('106.87');
    expect(
      xpath(
        xml,
        `string(${HEADER}/ram:ApplicableTradeTax[ram:RateApplicablePercent = 5.5]/ram:BasisAmount)`,
      ),
    ).toBe('16.10');
    expect(
      xpath(xml, 'string(//ram:IncludedSupplyChainTradeLineItem[4]//ram:BilledQuantity)'),
    ).toBe('1.5');
    expect(xpath(xml, 'string(//ram:SellerTradeParty/ram:Name)')).toBe(
      'Épicerie « Chez Léa » & Fils',
    );
  });

  it('référence la facture corrigée dans l’avoir', () => {
    const xml = facturxXml(AVOIR);
    expect(xpath(xml, `string(${HEADER}/ram:InvoiceReferencedDocument/ram:IssuerAssignedID)`)).toBe(
      'F-2026-000042',
    );
    expect(xpath(xml, `string(${TOTALS}/ram:DuePayableAmount)`)).toBe('53.88');
  });

  it('exonère la boutique non assujettie : catégorie E, taux 0, motif art. 293 B', () => {
    const xml = facturxXml(FACTURE_FRANCHISE);
    expect(xpath(xml, `string(${HEADER}/ram:ApplicableTradeTax/ram:CategoryCode)`)).toBe('E');
    expect(xpath(xml, `string(${HEADER}/ram:ApplicableTradeTax/ram:ExemptionReason)`)).toBe(
      'TVA non applicable, art. 293 B du CGI',
    );
    expect(xpath(xml, `count(//ram:CategoryCode[. != 'E'])`)).toBe('0');
    expect(xpath(xml, `string(${TOTALS}/ram:DuePayableAmount)`)).toBe('170.00');
  });
});

describe('Factur-X : le validateur voit les erreurs', () => {
  const xml = facturxXml(FACTURE_MULTI_TAUX);

  it('refuse un montant écrit avec une virgule', () => {
    const broken = xml.replace('<ram:GrandTotalAmount>156.87<', '<ram:GrandTotalAmount>156,87<');
    expect(broken).not.toBe(xml);
    expect(xsdErrors(broken).join('\n')).toContain('GrandTotalAmount');
  });

  it('refuse un élément hors du schéma et un ordre d’éléments inversé', () => {
    const unknown = xml.replace(
      '<ram:TypeCode>380</ram:TypeCode>',
      '<ram:TypeCode>380</ram:TypeCode><ram:Inconnu/>',
    );
    expect(xsdErrors(unknown).join('\n')).toContain('Inconnu');
    const swapped = xml.replace(
      /(<ram:ID>F-2026-000042<\/ram:ID>)(<ram:TypeCode>380<\/ram:TypeCode>)/,
      '$2$1',
    );
    expect(swapped).not.toBe(xml);
    expect(xsdErrors(swapped)).not.toEqual([]);
  });
});
