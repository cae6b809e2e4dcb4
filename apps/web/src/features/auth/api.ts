import {
  LOGIN_RETRY_DELAY_MS,
  type AuthResponse,
  type InvitationAccept,
  type InvitationDetail,
  type LoginRequest,
  type ResetFinishRequest,
} from '@comptoir/shared';
import { ApiError, NetworkError } from '../../lib/errors';
import { LOGIN_PATH, http } from '../../lib/http';
import { saveLogin } from '../../lib/session';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Worth one more try: the network failed or the server did (5xx). Never a 4xx. */
export const isRetryable = (error: unknown): boolean =>
  error instanceof NetworkError || (error instanceof ApiError && error.status >= 500);

/**
 * POST /api/auth/login, retried once after 500 ms on a network error or a 5xx
 * (docs/regles-metier.md, « Session »). On success the session is stored.
 */
export async function login(credentials: LoginRequest): Promise<AuthResponse> {
  const attempt = () => http.post<AuthResponse>(LOGIN_PATH, credentials);
  let answer: AuthResponse;
  try {
    answer = await attempt();
  } catch (error) {
    if (!isRetryable(error)) throw error;
    await wait(LOGIN_RETRY_DELAY_MS);
    answer = await attempt();
  }
  saveLogin(answer);
  return answer;
}

/** Always 200, whether an account exists or not (no account enumeration). */
export function requestPasswordReset(email: string): Promise<{ message: string }> {
  return http.post('/api/account/reset-password/init', undefined, { query: { mail: email } });
}

export function finishPasswordReset(body: ResetFinishRequest): Promise<{ message: string }> {
  return http.post('/api/account/reset-password/finish', body);
}

/** What an invitation proposes, from the key of its link (POST /api/invitations/consulter). */
export function lookupInvitation(key: string): Promise<InvitationDetail> {
  return http.post<InvitationDetail>('/api/invitations/consulter', { key });
}

/** Accepts an invitation; on success the new session is stored, as after a sign-in. */
export async function acceptInvitation(body: InvitationAccept): Promise<AuthResponse> {
  const answer = await http.post<AuthResponse>('/api/invitations/accepter', body);
  saveLogin(answer);
  return answer;
}
