import type { InvitationCreate, InvitationItem, InvitationPage, UserItem } from '@comptoir/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, type QueryValue } from '../../lib/http';
import { userKeys } from './api';

/** Pending invitations (`/api/invitations`): the owner's own, every one for the admin. */
export const invitationKeys = {
  all: ['invitations'] as const,
  list: (query: Record<string, QueryValue>) => [...invitationKeys.all, 'list', query] as const,
};

export function useInvitations(query: Record<string, QueryValue>) {
  return useQuery({
    queryKey: invitationKeys.list(query),
    queryFn: () => http.get<InvitationPage>('/api/invitations', { query }),
    placeholderData: keepPreviousData,
  });
}

/** Every invitation change refreshes the pending list. */
function useInvitationMutation<V, R>(call: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationKeys.all }),
  });
}

export const useCreateInvitation = () =>
  useInvitationMutation((body: InvitationCreate) =>
    http.post<InvitationItem>('/api/invitations', body),
  );

export const useResendInvitation = () =>
  useInvitationMutation((id: number) =>
    http.post<InvitationItem>(`/api/invitations/${id}/renvoyer`),
  );

export const useCancelInvitation = () =>
  useInvitationMutation((id: number) => http.delete<void>(`/api/invitations/${id}`));

/** « Renvoyer l'invitation » of an account that has not chosen its password yet. */
export function useResendUserInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.post<UserItem>(`/api/users/${id}/renvoyer-invitation`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
