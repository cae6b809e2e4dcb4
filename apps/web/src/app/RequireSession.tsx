import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '../lib/use-session';

/**
 * Every route under the shell needs a stored token; otherwise, the login screen
 * (docs/regles-metier.md, « Coquille de l'application »).
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { token } = useSession();
  if (!token) return <Navigate to="/auth/login" replace />;
  return children;
}
