import { only, publicRoute, type MatrixRow } from './authorization-matrix.helpers.js';

/**
 * Invitations of managers (invitationId: a pending invitation of owner A). Only an owner invites
 * and resends; the admin also lists and cancels; the link's routes are public (the key decides).
 */
export const INVITATIONS_MATRIX: MatrixRow[] = [
  { method: 'GET', url: '/api/invitations', expect: only('admin', 'ownerA') },
  {
    method: 'POST',
    url: '/api/invitations',
    expect: only('ownerA'),
    call: (f, who) => ({ body: { email: f.newEmail(), services: [who.ownShop] } }),
  },
  { method: 'POST', url: '/api/invitations/:invitationId/renvoyer', expect: only('ownerA') },
  // An account that never chose its password (pendingUserId: a manager of shop A).
  {
    method: 'POST',
    url: '/api/users/:userId/renvoyer-invitation',
    expect: only('admin', 'ownerA'),
    call: (f) => ({ params: { userId: f.params['pendingUserId']! } }),
  },
  {
    method: 'DELETE',
    url: '/api/invitations/:invitationId',
    expect: only('admin', 'ownerA'),
    call: async (f) => ({ params: { invitationId: await f.newInvitation() } }),
  },
  {
    method: 'POST',
    url: '/api/invitations/consulter',
    expect: publicRoute,
    call: async (f) => ({ body: { key: await f.newInvitationKey() } }),
  },
  {
    method: 'POST',
    url: '/api/invitations/accepter',
    expect: publicRoute,
    call: async (f) => ({
      body: { key: await f.newInvitationKey(), password: f.password, prenom: 'Nafi', nom: 'Seck' },
    }),
  },
];
