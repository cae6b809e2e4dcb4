import {
  STORAGE_KEYS,
  effectiveRole,
  type AccessClaims,
  type Role,
  type SessionService,
  type SessionUser,
} from '@comptoir/shared';
import { useMemo, useSyncExternalStore } from 'react';
import { decodeToken } from './jwt';
import { subscribeSession, type CurrentService } from './session';

function useStored(key: string): string | null {
  return useSyncExternalStore(
    subscribeSession,
    () => localStorage.getItem(key),
    () => null,
  );
}

function parse<T>(raw: string | null): T | null {
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

/** One decoding per token, whatever the number of components reading the session. */
let decoded: { token: string; claims: AccessClaims | null } | null = null;
function claimsOf(token: string | null): AccessClaims | null {
  if (!token) return null;
  if (decoded?.token !== token) decoded = { token, claims: decodeToken(token) };
  return decoded.claims;
}

export interface SessionView {
  token: string | null;
  claims: AccessClaims | null;
  /** Roles read from the session token. */
  roles: string[];
  role: Role | null;
  user: SessionUser | null;
  service: CurrentService | null;
  services: SessionService[];
}

/** The session as React state: re-renders on every change of the stored session. */
export function useSession(): SessionView {
  const token = useStored(STORAGE_KEYS.token);
  const userRaw = useStored(STORAGE_KEYS.user);
  const serviceRaw = useStored(STORAGE_KEYS.service);
  const servicesRaw = useStored(STORAGE_KEYS.services);
  const claims = useMemo(() => claimsOf(token), [token]);
  const user = useMemo(() => parse<SessionUser>(userRaw), [userRaw]);
  const service = useMemo(() => parse<CurrentService>(serviceRaw), [serviceRaw]);
  const services = useMemo(() => parse<SessionService[]>(servicesRaw) ?? [], [servicesRaw]);
  return useMemo(() => {
    const roles = claims?.roles ?? [];
    return { token, claims, roles, role: effectiveRole(roles), user, service, services };
  }, [token, claims, user, service, services]);
}
