import type { Kysely } from 'kysely';
import {
  searchKey,
  type FournisseurData,
  type FournisseurListQuery,
  frenchSortKey,
} from '@comptoir/shared';
import type { DB } from '../../db/schema.js';
import { findParty, findPartyPage } from '../clients/party.js';

/** The shop's suppliers, a page at a time (clients/party.ts, shared with the customers). */
export const findFournisseurPage = (
  db: Kysely<DB>,
  serviceId: number,
  query: FournisseurListQuery,
) => findPartyPage(db, 'fournisseurs', serviceId, query);

export const findFournisseur = (db: Kysely<DB>, serviceId: number, id: number) =>
  findParty(db, 'fournisseurs', serviceId, id);

export const fournisseurColumns = (input: FournisseurData, telephone: string | null) => ({
  nom: input.nom,
  nom_recherche: searchKey(input.nom),
  nom_tri: frenchSortKey(input.nom),
  contact: input.contact,
  telephone,
  email: input.email,
  adresse: input.adresse,
  actif: input.actif ? 1 : 0,
});
