import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { isSameScreen } from '../lib/same-screen';

const STORAGE_KEY = 'comptoir-defilement';

/** Scroll positions by history entry (`location.key`), for the tab's life, as the browser keeps them. */
const positions = new Map<string, number>(readStored());

function readStored(): [string, number][] {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(stored) ? (stored as [string, number][]) : [];
  } catch {
    return [];
  }
}

function store(): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions].slice(-100)));
  } catch {
    // A full or disabled storage loses the positions of a reload, nothing else.
  }
}

/** Scrolls to `y` once the page is tall enough (a lazy screen may still be loading). */
function scrollWhenReady(y: number): () => void {
  let frame = 0;
  let tries = 0;
  const attempt = () => {
    window.scrollTo(0, y);
    if (window.scrollY < y && tries++ < 30) frame = requestAnimationFrame(attempt);
  };
  attempt();
  return () => cancelAnimationFrame(frame);
}

/**
 * What the browser does between pages, for the app's own navigations: a new page opens at its
 * top (unless its address names an anchor, see useAnchorScrolling, or the screen only changed its
 * own parameters, SAME_SCREEN: paging, sorting, a search, a dialog), and going back or forward,
 * or reloading, returns to where that page was scrolled.
 */
export function useScrollRestoration(): void {
  const { key, hash, state } = useLocation();
  const sameScreen = isSameScreen(state);
  const type = useNavigationType();

  useEffect(() => {
    const previous = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    window.addEventListener('pagehide', store);
    return () => {
      window.history.scrollRestoration = previous;
      window.removeEventListener('pagehide', store);
    };
  }, []);

  useLayoutEffect(() => {
    // « default »: the first page of a tab, opened by its address; another such page may have
    // left a position under the same key.
    const saved = key === 'default' ? undefined : positions.get(key);
    let cancel = () => undefined as void;
    if (type === 'POP' && saved !== undefined) cancel = scrollWhenReady(saved);
    else if (!hash && !sameScreen) window.scrollTo(0, 0);
    const remember = () => positions.set(key, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => {
      cancel();
      window.removeEventListener('scroll', remember);
    };
  }, [key, hash, type, sameScreen]);
}
