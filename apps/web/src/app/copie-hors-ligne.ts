/** How often the device checks that its offline copy of the app is installed. */
export const VERIFICATION_MS = 60_000;

/**
 * Installs the service worker (sw.js, built), which keeps the app on the device so that the
 * shell and the point of sale open without the network. Its install fetches every file of the
 * app: one that fails to arrive (a network that drops, a server busy) makes it fail, and the
 * device would have no offline copy until the page is loaded again, which at a till left open
 * all day is the next morning. So until a worker is active, the install is asked for again every
 * minute (never while one is under way).
 */
export function installerCopieHorsLigne(container: ServiceWorkerContainer): void {
  const register = () => container.register('/sw.js').catch(() => undefined);
  void register();
  const timer = setInterval(() => {
    void container
      .getRegistration()
      .then((registration) => {
        if (registration?.active) clearInterval(timer);
        else if (!registration?.installing && !registration?.waiting) void register();
      })
      .catch(() => undefined);
  }, VERIFICATION_MS);
}
