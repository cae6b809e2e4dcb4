import type { Kysely } from 'kysely';
import { searchKey, type ClientData, type ClientListQuery, frenchSortKey } from '@comptoir/shared';
import type { DB } from '../../db/schema.js';
import { findParty, findPartyPage } from './party.js';

/** The shop's customers, a page at a time (party.ts, shared with the suppliers). */
export const findClientPage = (db: Kysely<DB>, serviceId: number, query: ClientListQuery) =>
  findPartyPage(db, 'clients', serviceId, query);

export const findClient = (db: Kysely<DB>, serviceId: number, id: number) =>
  findParty(db, 'clients', serviceId, id);

export const clientColumns = (input: ClientData, telephone: string | null) => ({
  nom: input.nom,
  nom_recherche: searchKey(input.nom),
  nom_tri: frenchSortKey(input.nom),
  telephone,
  email: input.email,
  adresse: input.adresse,
  notes: input.notes,
  plafond_credit: input.plafondCredit,
  professionnel: input.professionnel ? 1 : 0,
  siren: input.siren,
  siret: input.siret,
  tva_intracom: input.tvaIntracom,
  adresse_livraison: input.adresseLivraison,
  actif: input.actif ? 1 : 0,
});
