import { describe, expect, it } from 'vitest';
import { csvLine, detectSeparator, parseCsv } from '../../../lib/csv';
import {
  autoMap,
  convertRows,
  missingRequired,
  normalizeHeader,
  parseRate,
  serverRowErrors,
} from './mapping';

describe('parseCsv', () => {
  it('reads a French spreadsheet file: BOM, semicolons, CRLF, quotes', () => {
    const text = '\uFEFFNom;Prix de vente\r\n"Café ""Touba""; 250 g";"1 234,50"\r\nSucre;500\r\n';
    expect(parseCsv(text)).toEqual([
      ['Nom', 'Prix de vente'],
      ['Café "Touba"; 250 g', '1 234,50'],
      ['Sucre', '500'],
    ]);
  });

  it('detects commas, keeps line breaks inside quotes, drops blank lines, reads a last line without end', () => {
    const text = 'Nom,Description\n"Riz","Sac\nde 50 kg"\n\n,\nHuile,"5 L"';
    expect(detectSeparator(text)).toBe(',');
    expect(parseCsv(text)).toEqual([
      ['Nom', 'Description'],
      ['Riz', 'Sac\nde 50 kg'],
      ['Huile', '5 L'],
    ]);
  });

  it('prefers semicolons when a quoted header holds commas, and reads CR line ends', () => {
    const text = '"Prix, vente";Nom\r1,5;Lait';
    expect(detectSeparator(text)).toBe(';');
    expect(parseCsv(text)).toEqual([
      ['Prix, vente', 'Nom'],
      ['1,5', 'Lait'],
    ]);
  });

  it('writes lines it can read again', () => {
    const line = csvLine(['a;b', 'dit "oui"', null, 3]);
    expect(parseCsv(line)).toEqual([['a;b', 'dit "oui"', '', '3']]);
  });
});

describe('autoMap', () => {
  it('matches French headers whatever their accents, case and punctuation', () => {
    expect(normalizeHeader("Prix d'achat")).toBe('prixdachat');
    const mapping = autoMap([
      'Désignation',
      'RÉFÉRENCE',
      'Code-barres',
      'Catégorie',
      'Marque',
      'Unité',
      "Prix d'achat",
      'Prix de vente',
      'Prix de gros',
      'TVA (%)',
      "Seuil d'alerte",
      'Quantité',
      'Autre',
    ]);
    expect(mapping).toEqual({
      nom: 0,
      reference: 1,
      codeBarres: 2,
      categorie: 3,
      marque: 4,
      unite: 5,
      prixAchat: 6,
      prixVente: 7,
      prixGros: 8,
      tauxTva: 9,
      seuilAlerte: 10,
      stockInitial: 11,
    });
    expect(missingRequired(mapping)).toEqual([]);
  });

  it('leaves unknown fields unmapped and names the required ones missing', () => {
    const mapping = autoMap(['Nom', 'Prix']);
    expect(mapping.nom).toBe(0);
    expect(mapping.prixVente).toBe(1);
    expect(mapping.reference).toBeNull();
    expect(missingRequired(mapping)).toEqual(['Unité']);
  });
});

describe('convertRows', () => {
  const headers = [
    'Nom',
    'Unité',
    "Prix d'achat",
    'Prix de vente',
    'Prix de gros',
    'TVA (%)',
    "Seuil d'alerte",
    'Stock initial',
    'Référence',
  ];
  const mapping = autoMap(headers);

  it('converts French amounts to minor units, rates to hundredths and quantities to thousandths', () => {
    const { lignes, errors } = convertRows(
      [['Café', 'pce', '1 234,50', '2 000', '', '18', '2,5', '1 500', '']],
      mapping,
      'EUR',
    );
    expect(errors).toEqual([]);
    expect(lignes).toEqual([
      {
        nom: 'Café',
        unite: 'pce',
        prixAchat: 123450,
        prixVente: 200000,
        prixGros: null,
        tauxTva: 1800,
        seuilAlerte: 2500,
        stockInitial: 1500000,
      },
    ]);
  });

  it('reads amounts of a currency without decimals (XOF) and drops a currency sign', () => {
    const { lignes, errors } = convertRows(
      [['Riz', 'kg', '2\u202F500', '3 000 FCFA', '2 800', '5,5 %', '', '0,250', 'RIZ-1']],
      mapping,
      'XOF',
    );
    expect(errors).toEqual([]);
    expect(lignes[0]).toMatchObject({
      prixAchat: 2500,
      prixVente: 3000,
      prixGros: 2800,
      tauxTva: 550,
      stockInitial: 250,
      reference: 'RIZ-1',
    });
    expect(lignes[0]).not.toHaveProperty('seuilAlerte');
  });

  it('names every bad cell with its row and a French message', () => {
    const rows = [
      ['Bon', 'pce', '', '100', '', '', '', '', ''],
      ['', 'pce', '', '1,234', '', '', '', '', ''],
      ['Huile', 'L', '-5', 'abc', '', '120', '1,2345', 'x', ''],
    ];
    const { errors } = convertRows(rows, mapping, 'EUR');
    expect(errors).toEqual([
      { ligne: 2, champ: 'Nom', message: 'Nom est obligatoire.' },
      {
        ligne: 2,
        champ: 'Prix de vente',
        message: "Prix de vente « 1,234 » n'est pas un montant valide en EUR.",
      },
      { ligne: 3, champ: "Prix d'achat", message: "Prix d'achat ne peut pas être négatif." },
      {
        ligne: 3,
        champ: 'Prix de vente',
        message: "Prix de vente « abc » n'est pas un montant valide en EUR.",
      },
      {
        ligne: 3,
        champ: 'TVA (%)',
        message: "Le taux de TVA « 120 » n'est pas un pourcentage valide.",
      },
      {
        ligne: 3,
        champ: "Seuil d'alerte",
        message: "Seuil d'alerte « 1,2345 » n'est pas une quantité valide (3 décimales au plus).",
      },
      {
        ligne: 3,
        champ: 'Stock initial',
        message: "Stock initial « x » n'est pas une quantité valide (3 décimales au plus).",
      },
    ]);
  });

  it('reads a rate', () => {
    expect(parseRate('18')).toBe(1800);
    expect(parseRate('5,5')).toBe(550);
    expect(parseRate('abc')).toBeNull();
  });
});

describe('serverRowErrors', () => {
  it('turns lignes.<index>.<champ> into row numbers and field labels', () => {
    expect(
      serverRowErrors([
        { field: 'lignes.41.codeBarres', message: 'Ligne 42 : Le code-barres est invalide.' },
        { field: 'lignes.0.unite', message: "Ligne 1 : L'unité « boîte » n'existe pas." },
      ]),
    ).toEqual([
      { ligne: 42, champ: 'Code-barres', message: 'Le code-barres est invalide.' },
      { ligne: 1, champ: 'Unité', message: "L'unité « boîte » n'existe pas." },
    ]);
  });
});
