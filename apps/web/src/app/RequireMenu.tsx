import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { menuAllows } from '@comptoir/shared';
import { useSession } from '../lib/use-session';

/**
 * A screen of the menus: open when the menu of the user's effective role lists `path`, otherwise
 * the access-denied page (the server refuses the calls anyway).
 */
export function RequireMenu({ path, children }: { path: string; children: ReactNode }) {
  const { role } = useSession();
  if (!menuAllows(role, path)) return <Navigate to="/auth/access" replace />;
  return children;
}
