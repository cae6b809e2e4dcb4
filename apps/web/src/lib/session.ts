import {
  STORAGE_KEYS,
  type AuthResponse,
  type SessionService,
  type SessionUser,
} from '@comptoir/shared';

/** The current shop, as kept in localStorage `service`. */
export interface CurrentService {
  id: number;
  nom: string;
}

/**
 * The session lives in localStorage (docs/regles-metier.md): token, refreshToken, user, service,
 * services. Logged in = a token is stored. Every write notifies the subscribers (top bar, menus).
 */
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  // Another tab logged in, out or switched shop.
  window.addEventListener('storage', (event) => {
    if (event.key === null || (Object.values(STORAGE_KEYS) as string[]).includes(event.key))
      notify();
  });
}

function readJson<T>(key: string): T | null {
  const raw = localStorage.getItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export const getToken = (): string | null => localStorage.getItem(STORAGE_KEYS.token);
export const getRefreshToken = (): string | null => localStorage.getItem(STORAGE_KEYS.refreshToken);
export const isLoggedIn = (): boolean => Boolean(getToken());
export const getUser = (): SessionUser | null => readJson<SessionUser>(STORAGE_KEYS.user);
export const getServices = (): SessionService[] =>
  readJson<SessionService[]>(STORAGE_KEYS.services) ?? [];
export const getCurrentService = (): CurrentService | null =>
  readJson<CurrentService>(STORAGE_KEYS.service);

function writeServices(services: SessionService[]): void {
  localStorage.setItem(STORAGE_KEYS.services, JSON.stringify(services));
  const current = services.find((s) => s.current);
  if (current)
    localStorage.setItem(
      STORAGE_KEYS.service,
      JSON.stringify({ id: current.id, nom: current.nom }),
    );
  else localStorage.removeItem(STORAGE_KEYS.service);
}

/** Marks `currentId` as current, else the one the server marks current, else the first. */
export function withCurrent(
  services: readonly SessionService[],
  currentId?: number,
): SessionService[] {
  const chosen =
    services.find((s) => s.id === currentId) ?? services.find((s) => s.current) ?? services[0];
  return services.map((s) => ({ id: s.id, nom: s.nom, current: s === chosen }));
}

/** After login: token, refreshToken, user, services (from user.services) and service. */
export function saveLogin(answer: AuthResponse): void {
  localStorage.setItem(STORAGE_KEYS.token, answer.token);
  localStorage.setItem(STORAGE_KEYS.refreshToken, answer.refreshToken);
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(answer.user));
  writeServices(withCurrent(answer.user.services));
  notify();
}

/** After a refresh: new tokens and user; the current shop stays current if still listed. */
export function applyRefresh(answer: AuthResponse): void {
  localStorage.setItem(STORAGE_KEYS.token, answer.token);
  localStorage.setItem(STORAGE_KEYS.refreshToken, answer.refreshToken);
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(answer.user));
  writeServices(withCurrent(answer.user.services, getCurrentService()?.id));
  notify();
}

/** A fresh SessionUser (account read, profile, photo): stored, with its shops; the current one stays. */
export function setUser(user: SessionUser): void {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  writeServices(withCurrent(user.services, getCurrentService()?.id));
  notify();
}

/** Marks the stored shop `id` as current. Returns false when it is not in the stored list. */
export function selectService(id: number): boolean {
  const services = getServices();
  if (!services.some((s) => s.id === id)) return false;
  writeServices(withCurrent(services, id));
  notify();
  return true;
}

/** Logout and failed refresh: the whole local storage is cleared (docs/regles-metier.md). */
export function clearSession(): void {
  localStorage.clear();
  notify();
}
