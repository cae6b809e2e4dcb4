import { THEME_LINK_ID, themeHref } from './themes';

/**
 * Swaps the theme stylesheet (Sakai approach): a clone of <link id="theme-css"> loads the new
 * theme, and the old link is removed once the new one has loaded, so the page never goes bare.
 */
export function applyTheme(name: string, colorScheme: string): void {
  const root = document.documentElement;
  root.dataset['colorScheme'] = colorScheme;
  root.style.colorScheme = colorScheme;
  const href = themeHref(name);
  const current = document.getElementById(THEME_LINK_ID) as HTMLLinkElement | null;
  if (!current) {
    const link = document.createElement('link');
    link.id = THEME_LINK_ID;
    link.rel = 'stylesheet';
    link.href = href;
    document.head.prepend(link);
    return;
  }
  document.getElementById(`${THEME_LINK_ID}-clone`)?.remove();
  if (current.getAttribute('href') === href) return;
  const clone = current.cloneNode(true) as HTMLLinkElement;
  clone.id = `${THEME_LINK_ID}-clone`;
  clone.setAttribute('href', href);
  const swap = () => {
    current.remove();
    clone.id = THEME_LINK_ID;
  };
  clone.addEventListener('load', swap, { once: true });
  clone.addEventListener('error', swap, { once: true });
  current.parentNode?.insertBefore(clone, current.nextSibling);
}

export function applyScale(scale: number): void {
  document.documentElement.style.fontSize = `${scale}px`;
}
