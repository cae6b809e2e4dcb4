/**
 * Navigation state of a screen that only changes its own URL params (paging, sorting, search,
 * open dialog): the shell keeps the screen mounted instead of starting it again, and the page
 * keeps its scroll (app/scroll-restoration.ts).
 */
export const SAME_SCREEN = { sameScreen: true } as const;

export function isSameScreen(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as { sameScreen?: unknown }).sameScreen === true
  );
}
