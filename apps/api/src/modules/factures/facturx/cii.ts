import { amount, date102, percent, quantity, xmlText } from './cii.format.js';
import {
  MENTION_FRANCHISE_TVA,
  type FacturxDocument,
  type FacturxLigne,
  type FacturxPartie,
} from './cii.types.js';

/**
 * A Factur-X document (FacturxDocument) → its Cross Industry Invoice XML (UN/CEFACT CII D16B),
 * profile EN 16931 (urn:cen.eu:en16931:2017), as embedded in the PDF under factur-x.xml.
 * Amounts come from our integers and are written as exact decimal strings. Totals are plain
 * sums of what the invoice prints, so that the XML and the PDF say the same thing.
 */

export const FACTURX_GUIDELINE = 'urn:cen.eu:en16931:2017';

const NAMESPACES = [
  'xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"',
  'xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100"',
  'xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"',
  'xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100"',
].join(' ');

/** UNTDID 1001: commercial invoice, credit note. */
const TYPE_CODES = { facture: '380', avoir: '381' } as const;

type Category = 'S' | 'Z' | 'E';

interface Breakdown {
  category: Category;
  tauxTva: number;
  baseHt: number;
  montantTva: number;
}

/** A tag with text content, escaped; nothing when the value is absent or empty. */
function leaf(tag: string, value: string | null | undefined, attributes = ''): string {
  if (value === null || value === undefined || value === '') return '';
  return `<${tag}${attributes}>${xmlText(value)}</${tag}>`;
}

const wrap = (tag: string, ...children: string[]): string =>
  `<${tag}>${children.join('')}</${tag}>`;

const dateTime = (tag: string, isoDate: string): string =>
  wrap(tag, `<udt:DateTimeString format="102">${date102(isoDate)}</udt:DateTimeString>`);

function categoryOf(document: FacturxDocument, tauxTva: number): Category {
  if (!document.assujettiTva) return 'E';
  return tauxTva > 0 ? 'S' : 'Z';
}

/** The VAT of a line or an allowance: type, category, rate (0 for E and Z). */
function tradeTax(tag: string, category: Category, tauxTva: number): string {
  const rate = category === 'S' ? tauxTva : 0;
  return wrap(
    tag,
    leaf('ram:TypeCode', 'VAT'),
    leaf('ram:CategoryCode', category),
    leaf('ram:RateApplicablePercent', percent(rate)),
  );
}

function party(tag: string, partie: FacturxPartie, seller: boolean): string {
  const legal = partie.siren
    ? leaf('ram:ID', partie.siren, ' schemeID="0002"')
    : leaf('ram:ID', partie.siret, ' schemeID="0009"');
  const address = partie.adresse;
  const registrations = [leaf('ram:ID', partie.tvaIntracom, ' schemeID="VA"')];
  // Only the seller may carry a tax registration other than VAT (BT-32).
  if (seller && !partie.tvaIntracom) {
    registrations.push(leaf('ram:ID', partie.identifiantFiscal, ' schemeID="FC"'));
  }
  return wrap(
    tag,
    leaf('ram:Name', partie.nom),
    legal ? wrap('ram:SpecifiedLegalOrganization', legal) : '',
    wrap(
      'ram:PostalTradeAddress',
      leaf('ram:PostcodeCode', address.codePostal),
      leaf('ram:LineOne', address.ligne1),
      leaf('ram:LineTwo', address.ligne2),
      leaf('ram:CityName', address.ville),
      leaf('ram:CountryID', address.pays),
    ),
    partie.email
      ? wrap('ram:URIUniversalCommunication', leaf('ram:URIID', partie.email, ' schemeID="EM"'))
      : '',
    ...registrations.filter(Boolean).map((id) => wrap('ram:SpecifiedTaxRegistration', id)),
  );
}

/** A discount (allowance): indicator false, amount, reason; the VAT of a document discount. */
function allowance(montantHt: number, motif: string, tax = ''): string {
  return wrap(
    'ram:SpecifiedTradeAllowanceCharge',
    wrap('ram:ChargeIndicator', '<udt:Indicator>false</udt:Indicator>'),
    leaf('ram:ActualAmount', amount(montantHt)),
    leaf('ram:Reason', motif),
    tax,
  );
}

function line(document: FacturxDocument, ligne: FacturxLigne, index: number): string {
  const category = categoryOf(document, ligne.tauxTva);
  return wrap(
    'ram:IncludedSupplyChainTradeLineItem',
    wrap('ram:AssociatedDocumentLineDocument', leaf('ram:LineID', String(index + 1))),
    wrap('ram:SpecifiedTradeProduct', leaf('ram:Name', ligne.designation)),
    wrap(
      'ram:SpecifiedLineTradeAgreement',
      wrap('ram:NetPriceProductTradePrice', leaf('ram:ChargeAmount', amount(ligne.prixUnitaireHt))),
    ),
    wrap(
      'ram:SpecifiedLineTradeDelivery',
      leaf(
        'ram:BilledQuantity',
        quantity(ligne.quantite),
        ` unitCode="${ligne.uniteCode ?? 'C62'}"`,
      ),
    ),
    wrap(
      'ram:SpecifiedLineTradeSettlement',
      tradeTax('ram:ApplicableTradeTax', category, ligne.tauxTva),
      ligne.remiseHt > 0 ? allowance(ligne.remiseHt, 'Remise') : '',
      wrap(
        'ram:SpecifiedTradeSettlementLineMonetarySummation',
        leaf('ram:LineTotalAmount', amount(ligne.montantHt)),
      ),
    ),
  );
}

/** One VAT breakdown per category and rate: base = its lines − its document discounts. */
export function ventilationTva(document: FacturxDocument): Breakdown[] {
  const byKey = new Map<string, Breakdown>();
  const entry = (tauxTva: number): Breakdown => {
    const category = categoryOf(document, tauxTva);
    const rate = category === 'S' ? tauxTva : 0;
    const key = `${category}:${rate}`;
    let found = byKey.get(key);
    if (!found) {
      found = { category, tauxTva: rate, baseHt: 0, montantTva: 0 };
      byKey.set(key, found);
    }
    return found;
  };
  for (const ligne of document.lignes) entry(ligne.tauxTva).baseHt += ligne.montantHt;
  for (const remise of document.remisesDocument ?? [])
    entry(remise.tauxTva).baseHt -= remise.montantHt;
  for (const tva of document.tva) {
    if (categoryOf(document, tva.tauxTva) === 'S') entry(tva.tauxTva).montantTva += tva.montantTva;
  }
  return [...byKey.values()].sort((a, b) => b.tauxTva - a.tauxTva);
}

function breakdownXml(item: Breakdown): string {
  const exempt = item.category === 'E';
  return wrap(
    'ram:ApplicableTradeTax',
    leaf('ram:CalculatedAmount', amount(item.montantTva)),
    leaf('ram:TypeCode', 'VAT'),
    exempt ? leaf('ram:ExemptionReason', MENTION_FRANCHISE_TVA) : '',
    leaf('ram:BasisAmount', amount(item.baseHt)),
    leaf('ram:CategoryCode', item.category),
    leaf('ram:RateApplicablePercent', percent(item.tauxTva)),
  );
}

export interface FacturxTotaux {
  totalLignesHt: number;
  totalRemisesHt: number;
  totalHt: number;
  totalTva: number;
  totalTtc: number;
  dejaPaye: number;
  netAPayer: number;
}

/** The document totals (BG-22), exact sums of the lines, discounts and VAT breakdown. */
export function totauxFacturx(document: FacturxDocument): FacturxTotaux {
  const totalLignesHt = document.lignes.reduce((sum, l) => sum + l.montantHt, 0);
  const totalRemisesHt = (document.remisesDocument ?? []).reduce((sum, r) => sum + r.montantHt, 0);
  const totalHt = totalLignesHt - totalRemisesHt;
  const totalTva = ventilationTva(document).reduce((sum, b) => sum + b.montantTva, 0);
  const totalTtc = totalHt + totalTva;
  const dejaPaye = document.dejaPaye ?? 0;
  return {
    totalLignesHt,
    totalRemisesHt,
    totalHt,
    totalTva,
    totalTtc,
    dejaPaye,
    netAPayer: totalTtc - dejaPaye,
  };
}

function settlement(document: FacturxDocument): string {
  const totaux = totauxFacturx(document);
  const devise = ` currencyID="${xmlText(document.devise)}"`;
  const remises = (document.remisesDocument ?? []).filter((r) => r.montantHt > 0);
  const terms =
    document.conditionsPaiement || document.dateEcheance
      ? wrap(
          'ram:SpecifiedTradePaymentTerms',
          leaf('ram:Description', document.conditionsPaiement),
          document.dateEcheance ? dateTime('ram:DueDateDateTime', document.dateEcheance) : '',
        )
      : '';
  const reference = document.factureReference;
  return wrap(
    'ram:ApplicableHeaderTradeSettlement',
    leaf('ram:InvoiceCurrencyCode', document.devise),
    ...ventilationTva(document).map(breakdownXml),
    ...remises.map((r) =>
      allowance(
        r.montantHt,
        r.motif,
        tradeTax('ram:CategoryTradeTax', categoryOf(document, r.tauxTva), r.tauxTva),
      ),
    ),
    terms,
    wrap(
      'ram:SpecifiedTradeSettlementHeaderMonetarySummation',
      leaf('ram:LineTotalAmount', amount(totaux.totalLignesHt)),
      remises.length > 0 ? leaf('ram:AllowanceTotalAmount', amount(totaux.totalRemisesHt)) : '',
      leaf('ram:TaxBasisTotalAmount', amount(totaux.totalHt)),
      leaf('ram:TaxTotalAmount', amount(totaux.totalTva), devise),
      leaf('ram:GrandTotalAmount', amount(totaux.totalTtc)),
      totaux.dejaPaye !== 0 ? leaf('ram:TotalPrepaidAmount', amount(totaux.dejaPaye)) : '',
      leaf('ram:DuePayableAmount', amount(totaux.netAPayer)),
    ),
    reference
      ? wrap(
          'ram:InvoiceReferencedDocument',
          leaf('ram:IssuerAssignedID', reference.numero),
          wrap(
            'ram:FormattedIssueDateTime',
            `<qdt:DateTimeString format="102">${date102(reference.dateEmission)}</qdt:DateTimeString>`,
          ),
        )
      : '',
  );
}

/** The CII XML of the document, UTF-8, profile EN 16931. */
export function facturxXml(document: FacturxDocument): string {
  const notes = [...(document.notes ?? [])];
  if (!document.assujettiTva) notes.push(MENTION_FRANCHISE_TVA);
  const delivery = document.dateLivraison
    ? wrap(
        'ram:ActualDeliverySupplyChainEvent',
        dateTime('ram:OccurrenceDateTime', document.dateLivraison),
      )
    : '';
  const body = wrap(
    'rsm:SupplyChainTradeTransaction',
    ...document.lignes.map((ligne, index) => line(document, ligne, index)),
    wrap(
      'ram:ApplicableHeaderTradeAgreement',
      party('ram:SellerTradeParty', document.vendeur, true),
      party('ram:BuyerTradeParty', document.acheteur, false),
    ),
    wrap('ram:ApplicableHeaderTradeDelivery', delivery),
    settlement(document),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<rsm:CrossIndustryInvoice ${NAMESPACES}>`,
    wrap(
      'rsm:ExchangedDocumentContext',
      wrap('ram:GuidelineSpecifiedDocumentContextParameter', leaf('ram:ID', FACTURX_GUIDELINE)),
    ),
    wrap(
      'rsm:ExchangedDocument',
      leaf('ram:ID', document.numero),
      leaf('ram:TypeCode', TYPE_CODES[document.type]),
      dateTime('ram:IssueDateTime', document.dateEmission),
      ...notes.map((note) => wrap('ram:IncludedNote', leaf('ram:Content', note))),
    ),
    body,
    '</rsm:CrossIndustryInvoice>',
    '',
  ].join('\n');
}
