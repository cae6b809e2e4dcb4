import type { Kysely, Selectable } from 'kysely';
import {
  addDays,
  currencyExponent,
  localDate,
  shopTimeZone,
  startOfLocalDayUtc,
  type JournalFecQuery,
} from '@comptoir/shared';
import type { DB, ServicesTable } from '../../db/schema.js';
import {
  aLire,
  ecritureDe,
  JOURNAUX,
  TYPES_COMPTABLES,
  type Ecriture,
  type Referentiel,
} from './journal.fec.ecritures.js';

const PAGE = 5000;
type Service = Selectable<ServicesTable>;

/**
 * The field names of the accounting entries file, in the order of article A47 A-1 of the livre
 * des procédures fiscales (the 18 fields of a company under the BIC / IS regime).
 */
export const FEC_CHAMPS = [
  'JournalCode',
  'JournalLib',
  'EcritureNum',
  'EcritureDate',
  'CompteNum',
  'CompteLib',
  'CompAuxNum',
  'CompAuxLib',
  'PieceRef',
  'PieceDate',
  'EcritureLib',
  'Debit',
  'Credit',
  'EcritureLet',
  'DateLet',
  'ValidDate',
  'Montantdevise',
  'Idevise',
] as const;

/** An amount in minor units as the FEC writes it: decimal comma, no thousands separator. */
export function montantFec(minor: number, devise: string): string {
  const exponent = currencyExponent(devise);
  const digits = String(Math.abs(minor)).padStart(exponent + 1, '0');
  const whole = digits.slice(0, digits.length - exponent);
  const sign = minor < 0 ? '-' : '';
  return exponent ? `${sign}${whole},${digits.slice(-exponent)}` : `${sign}${whole}`;
}

/** Text of a field: one line, no tab (the separator), no leading character a spreadsheet runs. */
const texte = (s: string) => s.replace(/[\t\r\n|]+/g, ' ').replace(/^[=+\-@]/, "'$&");
const aaaammjj = (jour: string) => jour.replaceAll('-', '');

/** ISO 8859-15 bytes (the charset the article allows beside ASCII and EBCDIC); « ? » for the rest. */
const LATIN9: Record<string, number> = {
  '€': 0xa4,
  Š: 0xa6,
  š: 0xa8,
  Ž: 0xb4,
  ž: 0xb8,
  Œ: 0xbc,
  œ: 0xbd,
  Ÿ: 0xbe,
  '\u202f': 0xa0,
  '’': 0x27,
};
const LATIN1_ONLY = new Set([0xa4, 0xa6, 0xa8, 0xb4, 0xb8, 0xbc, 0xbd, 0xbe]);
export function latin9(text: string): Buffer {
  const out = Buffer.alloc(text.length);
  let i = 0;
  for (const c of text) {
    const code = c.codePointAt(0)!;
    out[i++] = LATIN9[c] ?? (code < 0x100 && !LATIN1_ONLY.has(code) ? code : 0x3f);
  }
  return out.subarray(0, i);
}

/** The journal's events of the period that make an entry, with the records they name. */
async function lire(db: Kysely<DB>, serviceId: number, depuis: string, avant: string) {
  const entrees: Array<{
    sequence: number;
    type: string;
    reference: string;
    horodatage: string;
    contenu: string;
  }> = [];
  for (let apres = 0; ;) {
    const page = await db
      .selectFrom('journal_entrees')
      .select(['sequence', 'type', 'reference', 'horodatage', 'contenu'])
      .where('service_id', '=', serviceId)
      .where('type', 'in', [...TYPES_COMPTABLES])
      .where('horodatage', '>=', depuis)
      .where('horodatage', '<', avant)
      .where('sequence', '>', apres)
      .orderBy('sequence')
      .limit(PAGE)
      .execute();
    for (const r of page) entrees.push({ ...r, sequence: Number(r.sequence) });
    if (page.length < PAGE) break;
    apres = entrees.at(-1)!.sequence;
  }
  const besoin = aLire(entrees);
  const ventes = besoin.ventes.length
    ? await db
        .selectFrom('ventes')
        .select(['id', 'client_id'])
        .where('service_id', '=', serviceId)
        .where('id', 'in', besoin.ventes)
        .execute()
    : [];
  const factures = besoin.factures.length
    ? await db
        .selectFrom('factures')
        .select(['id', 'client_id'])
        .where('service_id', '=', serviceId)
        .where('id', 'in', besoin.factures)
        .execute()
    : [];
  const lignes = besoin.lignesFacture.length
    ? await db
        .selectFrom('facture_lignes')
        .select(['id', 'taux_tva'])
        .where('id', 'in', besoin.lignesFacture)
        .execute()
    : [];
  const clients = await db
    .selectFrom('clients')
    .select(['id', 'nom'])
    .where('service_id', '=', serviceId)
    .execute();
  const ref: Referentiel = {
    clientDeVente: new Map(ventes.map((v) => [v.id, v.client_id])),
    clientDeFacture: new Map(factures.map((f) => [f.id, f.client_id])),
    tauxDeLigneFacture: new Map(lignes.map((l) => [l.id, l.taux_tva])),
    nomClient: new Map(clients.map((c) => [c.id, c.nom])),
  };
  return { entrees, ref };
}

/**
 * The accounting entries of a shop's journal over a period of its calendar days (both included),
 * day by day then in the journal's order, numbered 1, 2, 3… without gap in the file.
 */
export async function ecrituresDePeriode(
  db: Kysely<DB>,
  shop: Pick<Service, 'id' | 'pays'>,
  periode: JournalFecQuery,
): Promise<Ecriture[]> {
  const tz = shopTimeZone(shop.pays);
  const depuis = startOfLocalDayUtc(periode.du, tz);
  const avant = startOfLocalDayUtc(addDays(periode.au, 1), tz);
  const { entrees, ref } = await lire(db, shop.id, depuis, avant);
  const ecritures: Ecriture[] = [];
  for (const e of entrees) {
    const ecriture = ecritureDe(e, localDate(new Date(e.horodatage), tz), ref);
    if (ecriture) ecritures.push(ecriture);
  }
  return ecritures.sort((a, b) =>
    a.jour === b.jour ? a.sequence - b.sequence : a.jour < b.jour ? -1 : 1,
  );
}

/**
 * The FEC file of a period (docs/regles-metier.md « Export comptable (FEC) »): a flat file, the
 * field names on its first line, fields separated by a tab, records by CR LF, ISO 8859-15; dates
 * AAAAMMJJ; amounts with a decimal comma, in the shop's currency (its accounting currency, so
 * Montantdevise and Idevise stay empty). An entry is validated when it is recorded: ValidDate is
 * its date. Named SirenFECAAAAMMJJ.txt (the period's last day), the SIREN being the first nine
 * digits of the shop's SIRET when it has one.
 */
export async function fichierFec(
  db: Kysely<DB>,
  shop: Pick<Service, 'id' | 'pays' | 'devise' | 'siret'>,
  periode: JournalFecQuery,
): Promise<{ nom: string; octets: Buffer; ecritures: number }> {
  const ecritures = await ecrituresDePeriode(db, shop, periode);
  const lignes: string[] = [FEC_CHAMPS.join('\t')];
  ecritures.forEach((e, i) => {
    const date = aaaammjj(e.jour);
    for (const l of e.lignes)
      lignes.push(
        [
          e.journal,
          JOURNAUX[e.journal],
          String(i + 1),
          date,
          l.compte.num,
          l.compte.lib,
          l.aux?.num ?? '',
          l.aux?.lib ?? '',
          e.piece,
          date,
          e.libelle,
          montantFec(l.debit, shop.devise),
          montantFec(l.credit, shop.devise),
          '',
          '',
          date,
          '',
          '',
        ]
          .map(texte)
          .join('\t'),
      );
  });
  const siren = shop.siret?.replace(/\D/g, '').slice(0, 9);
  const prefixe = siren && siren.length === 9 ? siren : `boutique${shop.id}`;
  return {
    nom: `${prefixe}FEC${aaaammjj(periode.au)}.txt`,
    octets: latin9(lignes.join('\r\n') + '\r\n'),
    ecritures: ecritures.length,
  };
}
