import type { ProfileUpdate, SessionUser, UpdatePasswordRequest } from '@comptoir/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountKeys } from '../../lib/account-queries';
import { http } from '../../lib/http';
import { setUser } from '../../lib/session';

/** Every account mutation answers the SessionUser: cache and stored user are updated. */
function useAccountMutation<V>(call: (variables: V) => Promise<SessionUser>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (user) => {
      setUser(user);
      queryClient.setQueryData(accountKeys.detail(), user);
    },
  });
}

export const useUpdateProfile = () =>
  useAccountMutation((body: ProfileUpdate) => http.put<SessionUser>('/api/account', body));

export const useUploadPhoto = () =>
  useAccountMutation((file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return http.post<SessionUser>('/api/account/photo', form);
  });

export const useDeletePhoto = () =>
  useAccountMutation(() => http.delete<SessionUser>('/api/account/photo'));

/** PATCH /api/auth/update-password → 204; the server then closes every session. */
export function useUpdatePassword() {
  return useMutation({
    mutationFn: (body: UpdatePasswordRequest) =>
      http.patch<void>('/api/auth/update-password', body),
  });
}

/** POST /api/account/sessions/revoke-all → 204: every session of the user, this one included, ends. */
export function useRevokeAllSessions() {
  return useMutation({
    mutationFn: () => http.post<void>('/api/account/sessions/revoke-all'),
  });
}
