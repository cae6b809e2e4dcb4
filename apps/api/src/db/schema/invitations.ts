import type { Generated } from 'kysely';

/** A pending invitation of a manager (migration 017): deleted when accepted, cancelled or expired. */
export interface InvitationsTable {
  id: Generated<number>;
  owner_id: number;
  /** Lower-case, as typed by the owner; never joined to `users` in what the owner sees. */
  email: string;
  /** sha-256 of the single-use key mailed in the link (modules/auth/tokens.ts). */
  token_hash: string;
  created_at: string;
  sent_at: string;
  expires_at: string;
}

export interface InvitationServicesTable {
  invitation_id: number;
  service_id: number;
}
