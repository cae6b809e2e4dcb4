import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT } from './support/database.js';
import {
  embeddedFiles,
  extractEmbedded,
  qpdfCheck,
  renderPages,
  xmpOf,
  xpath,
  xsdErrors,
} from './support/facturx.js';
import type { TestClient } from './support/http.js';
import { pdfText } from './support/pdf.js';
import { localDay, newKey, sellingWorld } from './support/retours-dettes.js';
import { startSmtpServer } from './support/smtp.js';
import { startTestServer, type TestServer } from './support/test-app.js';

/**
 * Factur-X wired in: the invoice and credit-note PDFs served by the API embed factur-x.xml, which
 * pdfdetach extracts and xmllint validates against the official XSD; the XML route serves the same
 * document; « Envoyer » e-mails the PDF (real SMTP server). Shops not in euros get a PDF without XML.
 */

const cents = (xml: string, expression: string): number =>
  Number(xpath(xml, `round((${expression}) * 100)`));
const HEADER = '//ram:ApplicableHeaderTradeSettlement';
const TOTALS = `${HEADER}/ram:SpecifiedTradeSettlementHeaderMonetarySummation`;
const flat = (s: string) => s.replace(/[\u00A0\u202F]/g, ' ').replace(/[ \t]+/g, ' ');

/** The EN 16931 sums of the XML (BR-CO-10, 13, 14, 15), computed by xmllint. */
function checkSums(xml: string): { ht: number; ttc: number } {
  const lineTotal = cents(xml, `${TOTALS}/ram:LineTotalAmount`);
  const allowances = cents(xml, `sum(${TOTALS}/ram:AllowanceTotalAmount)`);
  const basis = cents(xml, `${TOTALS}/ram:TaxBasisTotalAmount`);
  const tax = cents(xml, `${TOTALS}/ram:TaxTotalAmount`);
  const grand = cents(xml, `${TOTALS}/ram:GrandTotalAmount`);
  expect(cents(xml, 'sum(//ram:SpecifiedLineTradeSettlement//ram:LineTotalAmount)')).toBe(
    lineTotal,
  );
  expect(basis).toBe(lineTotal - allowances);
  expect(tax).toBe(cents(xml, `sum(${HEADER}/ram:ApplicableTradeTax/ram:CalculatedAmount)`));
  expect(grand).toBe(basis + tax);
  return { ht: basis, ttc: grand };
}

describe(`Factur-X des factures et avoirs servis, envoi par e-mail (${TEST_DIALECT})`, () => {
  let server: TestServer;
  let client: TestClient;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let w: Awaited<ReturnType<typeof sellingWorld>>;
  const db = () => server.ctx.database.db;
  const factures = (shop?: number) => `${w.shopUrl(shop)}/factures`;
  const bytes = async (url: string, who: 'ownerA' | 'ownerB' = 'ownerA') => {
    const answer = await fetch(`${client.baseUrl}${url}`, {
      headers: { authorization: `Bearer ${w.tokens[who].token}` },
    });
    return {
      status: answer.status,
      type: answer.headers.get('content-type'),
      body: Buffer.from(await answer.arrayBuffer()),
    };
  };

  const clients = new Map<string, number>();
  /** A credit sale of two lines (20 % and 5,5 %, line and global discounts), invoiced. */
  async function facture(
    shop?: number,
    email: string | null = 'compta@alpha.example',
    token = w.tokens.ownerA,
  ) {
    const key = `${shop}:${email}`;
    if (!clients.has(key)) {
      const cli = await client.post(
        `${w.shopUrl(shop)}/clients`,
        {
          nom: `Société Alpha ${clients.size + 1}`,
          adresse: '3 rue des Lilas, 75011 Paris',
          email,
          professionnel: true,
          siren: email ? '552100554' : null,
        },
        token,
      );
      expect(cli.status).toBe(201);
      clients.set(key, cli.body.id);
    }
    const clientId = clients.get(key)!;
    const a = await w.produit({ prix: 12_000, stock: 10_000, tauxTva: 2000, shop, token });
    const b = await w.produit({ prix: 1_055, stock: 10_000, tauxTva: 550, shop, token });
    const vente = await w.vente(
      {
        clientId,
        echeance: localDay(30, server.clock),
        lignes: [
          { produitId: a.id, quantite: 2000, remise: { type: 'montant', valeur: 2400 } },
          { produitId: b.id, quantite: 3000 },
        ],
        remiseGlobale: { type: 'pourcent', valeur: 500 },
      },
      { shop, token },
    );
    const f = await client.post(
      factures(shop),
      { cleIdempotence: newKey(), venteIds: [vente.id] },
      token,
    );
    expect(f.status).toBe(201);
    return f.body;
  }

  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startTestServer({ SMTP_URL: smtp.url });
    server.clock.set('2026-11-24T09:00:00Z');
    client = server.client();
    w = await sellingWorld(server.ctx, client);
    await db()
      .updateTable('services')
      .set({
        nom: 'Quincaillerie Dupont',
        adresse: '12 rue de la Paix',
        ville: '75002 Paris',
        pays: 'FR',
        devise: 'EUR',
        assujetti_tva: 1,
        prix_ttc: 1,
        siret: '73282932000074',
        tva_intracom: 'FR44732829320',
        email: 'contact@dupont.example',
      })
      .where('id', '=', w.world.shopA.id)
      .execute();
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('le PDF de la facture est un PDF/A-3b qui embarque factur-x.xml, valide selon le XSD et égal au XML servi seul', async () => {
    const f = await facture();
    const pdf = await bytes(`${factures()}/${f.id}/facture.pdf`);
    expect(pdf.status).toBe(200);
    expect(qpdfCheck(pdf.body).ok).toBe(true);
    expect(embeddedFiles(pdf.body)).toEqual(['factur-x.xml']);
    const embedded = extractEmbedded(pdf.body, 'factur-x.xml');
    expect(xsdErrors(embedded)).toEqual([]);
    const xml = await bytes(`${factures()}/${f.id}/factur-x.xml`);
    expect(xml.status).toBe(200);
    expect(xml.type).toBe('application/xml; charset=utf-8');
    expect(xml.body.toString('utf8')).toBe(embedded);

    expect(xpath(embedded, 'string(//rsm:ExchangedDocument/ram:ID)')).toBe(f.numero);
    expect(xpath(embedded, 'string(//rsm:ExchangedDocument/ram:TypeCode)')).toBe('380');
    expect(xpath(embedded, 'string(//ram:SellerTradeParty/ram:Name)')).toBe('Quincaillerie Dupont');
    expect(xpath(embedded, 'string(//ram:SellerTradeParty//ram:PostcodeCode)')).toBe('75002');
    expect(xpath(embedded, 'string(//ram:BuyerTradeParty//ram:CityName)')).toBe('Paris');
    expect(xpath(embedded, 'string(//ram:BuyerTradeParty//ram:ID[@schemeID="0002"])')).toBe(
      '552100554',
    );
    expect(xpath(embedded, 'count(//ram:IncludedSupplyChainTradeLineItem)')).toBe('2');
    expect(
      xpath(embedded, 'count(//ram:ApplicableHeaderTradeSettlement/ram:ApplicableTradeTax)'),
    ).toBe('2');
    // The XML says what the invoice says.
    expect(checkSums(embedded)).toEqual({ ht: f.totalHt, ttc: f.totalTtc });

    const xmp = xmpOf(pdf.body);
    expect(xmp).toMatch(/<pdfaid:part>3<\/pdfaid:part>/);
    expect(xmp).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
    expect(renderPages(pdf.body)).toBe(1);
    expect(flat(pdfText(pdf.body))).toContain(`FACTURE ${f.numero}`);
  });

  it('l’avoir d’une ligne a son PDF Factur-X (type 381, facture corrigée référencée)', async () => {
    const f = await facture();
    const av = await client.post(
      `${factures()}/${f.id}/avoirs`,
      {
        cleIdempotence: newKey(),
        lignes: [{ ligneId: f.lignes[0].id, quantite: 1000 }],
        motif: 'Article défectueux',
      },
      w.tokens.ownerA,
    );
    expect(av.status).toBe(201);
    const pdf = await bytes(`${w.shopUrl()}/avoirs/${av.body.id}/avoir.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect(qpdfCheck(pdf.body).ok).toBe(true);
    const embedded = extractEmbedded(pdf.body, 'factur-x.xml');
    expect(xsdErrors(embedded)).toEqual([]);
    expect(xpath(embedded, 'string(//rsm:ExchangedDocument/ram:TypeCode)')).toBe('381');
    expect(xpath(embedded, 'string(//rsm:ExchangedDocument/ram:ID)')).toBe(av.body.numero);
    expect(
      xpath(embedded, `string(${HEADER}/ram:InvoiceReferencedDocument/ram:IssuerAssignedID)`),
    ).toBe(f.numero);
    expect(checkSums(embedded)).toEqual({ ht: av.body.montantHt, ttc: av.body.montantTtc });
    const xml = await bytes(`${w.shopUrl()}/avoirs/${av.body.id}/factur-x.xml`);
    expect(xml.body.toString('utf8')).toBe(embedded);

    const text = flat(pdfText(pdf.body));
    expect(text).toContain(`AVOIR ${av.body.numero}`);
    expect(text).toContain(`Avoir sur la facture ${f.numero} du 24/11/2026`);
    expect(text).toContain('Motif : Article défectueux');
    expect(text).toContain('SIRET 73282932000074');
    expect(renderPages(pdf.body)).toBe(1);
  });

  it('« Envoyer » : la facture et l’avoir partent par e-mail avec leur PDF Factur-X en pièce jointe', async () => {
    const f = await facture();
    const sent = await client.post(`${factures()}/${f.id}/envoi`, {}, w.tokens.ownerA);
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ envoyeA: 'compta@alpha.example' });
    const mail = await smtp.waitFor('compta@alpha.example');
    expect(mail.subject).toBe(`Facture ${f.numero} — Quincaillerie Dupont`);
    expect(mail.text).toContain(`notre facture ${f.numero}`);
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [`facture-${f.numero}.pdf`, 'application/pdf'],
    ]);
    expect(xsdErrors(extractEmbedded(mail.attachments[0]!.content, 'factur-x.xml'))).toEqual([]);

    const av = await client.post(
      `${factures()}/${f.id}/avoirs`,
      { cleIdempotence: newKey(), lignes: [{ ligneId: f.lignes[1].id, quantite: 1000 }] },
      w.tokens.ownerA,
    );
    const other = await client.post(
      `${w.shopUrl()}/avoirs/${av.body.id}/envoi`,
      { email: ' Achats@Alpha.example ' },
      w.tokens.ownerA,
    );
    expect(other.body).toEqual({ envoyeA: 'achats@alpha.example' });
    const second = await smtp.waitFor('achats@alpha.example');
    expect(second.subject).toBe(`Avoir ${av.body.numero} — Quincaillerie Dupont`);
    expect(second.attachments[0]!.filename).toBe(`avoir-${av.body.numero}.pdf`);
  });

  it('sans adresse e-mail ou avec une adresse invalide : refus en français, rien n’est envoyé', async () => {
    const f = await facture(undefined, null);
    const before = smtp.mails.length;
    const none = await client.post(`${factures()}/${f.id}/envoi`, {}, w.tokens.ownerA);
    expect(none.status).toBe(422);
    expect(none.body.detail).toContain('n’a pas d’adresse e-mail');
    const bad = await client.post(
      `${factures()}/${f.id}/envoi`,
      { email: 'pas-une-adresse' },
      w.tokens.ownerA,
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('L’adresse e-mail n’est pas valide.');
    const foreign = await client.post(
      `${factures()}/${f.id}/envoi`,
      { email: 'x@y.example' },
      w.tokens.ownerB,
    );
    expect(foreign.status).toBe(404);
    expect(smtp.mails.length).toBe(before);
  });

  it('une boutique hors euro : PDF/A sans XML embarqué, pas de XML seul ; une autre boutique : 404', async () => {
    const shopB = w.world.shopB.id;
    await db()
      .updateTable('services')
      .set({ devise: 'XOF', pays: 'SN' })
      .where('id', '=', shopB)
      .execute();
    const f = await facture(shopB, null, w.tokens.ownerB);
    const pdf = await bytes(`${factures(shopB)}/${f.id}/facture.pdf`, 'ownerB');
    expect(pdf.status).toBe(200);
    expect(embeddedFiles(pdf.body)).toEqual([]);
    expect(renderPages(pdf.body)).toBe(1);
    const xml = await bytes(`${factures(shopB)}/${f.id}/factur-x.xml`, 'ownerB');
    expect(xml.status).toBe(422);
    expect(xml.body.toString('utf8')).toContain('boutiques en euros');
    expect((await bytes(`${factures(shopB)}/${f.id}/factur-x.xml`)).status).toBe(404);
    const mine = await facture();
    expect((await bytes(`${factures(shopB)}/${mine.id}/factur-x.xml`, 'ownerB')).status).toBe(404);
  });
});
