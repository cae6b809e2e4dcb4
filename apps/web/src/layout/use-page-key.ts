import { useState } from 'react';
import { useLocation } from 'react-router';
import { isSameScreen } from '../lib/same-screen';

/**
 * Key of the page under the shell: a new one on every navigation, so that going to the same URL
 * runs the page again, except when a screen only rewrites its own URL params (SAME_SCREEN state,
 * same path): paging a list or opening a dialog keeps the screen, its focus and its inputs.
 */
export function usePageKey(): string {
  const { key, pathname, state } = useLocation();
  const [page, setPage] = useState({ key, pathname });
  const keep = isSameScreen(state) && page.pathname === pathname;
  if (!keep && page.key !== key) setPage({ key, pathname });
  return keep ? page.key : key;
}
