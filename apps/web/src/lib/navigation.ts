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

/** Full reload: after a shop switch, every screen starts again on the new shop. */
export function reloadPage(): void {
  window.location.reload();
}
