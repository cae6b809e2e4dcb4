import { BREAKPOINT_DESKTOP } from '@comptoir/shared';
import { useSyncExternalStore } from 'react';

const QUERY = `(min-width: ${BREAKPOINT_DESKTOP + 1}px)`;

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** True above 991 px (docs/regles-metier.md), following window resizes. */
export function useIsDesktop(): boolean {
  return useSyncExternalStore(subscribe, () => window.innerWidth > BREAKPOINT_DESKTOP);
}
