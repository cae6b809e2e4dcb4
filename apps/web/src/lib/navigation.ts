/**
 * Navigation from outside React (the HTTP client after a failed refresh). The app plugs the
 * router in; until then, a full page load.
 */
type Navigate = (to: string) => void;

let navigateImpl: Navigate = (to) => window.location.assign(to);

export function setNavigator(navigate: Navigate): void {
  navigateImpl = navigate;
}

export function navigateTo(to: string): void {
  navigateImpl(to);
}

let shownPath: string | null = null;

/** The router tells which page is shown, once it is committed (app/App.tsx RouterNavigator). */
export function setShownPath(pathname: string): void {
  shownPath = pathname;
}

/**
 * Whether `pathname` is the page shown. A screen left for one that is still loading waits,
 * hidden, until it arrives: it is not the page shown any more.
 */
export function isShownPath(pathname: string): boolean {
  return shownPath === null || shownPath === pathname;
}

/** Full reload: after a shop switch, every screen starts again on the new shop. */
export function reloadPage(): void {
  window.location.reload();
}
