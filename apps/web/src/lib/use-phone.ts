import { BREAKPOINT_TABLET } from '@comptoir/shared';
import { useSyncExternalStore } from 'react';

const QUERY = `(max-width: ${BREAKPOINT_TABLET}px)`;

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** True at 767 px and below (a phone), following window resizes: lists then show cards. */
export function useIsPhone(): boolean {
  return useSyncExternalStore(subscribe, () => window.innerWidth <= BREAKPOINT_TABLET);
}
