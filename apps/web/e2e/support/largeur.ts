import { expect, type Page } from '@playwright/test';

interface Largeur {
  /** The widest the page has been, at every frame since it loaded. */
  max: number;
  client: number;
  /** At that moment, what stuck out: the outermost elements past the screen's right edge. */
  out: string[];
}

/**
 * From the next page load on, watches the page's width at every frame: a moment when it could
 * scroll sideways (a canvas drawn at its default width before it measures its box) is caught
 * even when it is gone by the time the test looks.
 */
export async function watchWidth(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const state = { max: 0, client: 0, out: [] as string[] };
    (window as unknown as { __largeur: typeof state }).__largeur = state;
    const frame = () => {
      const root = document.documentElement;
      if (root.scrollWidth > state.max) {
        state.max = root.scrollWidth;
        state.client = root.clientWidth;
        const past = (e: Element | null) =>
          e !== null && e.getBoundingClientRect().right > root.clientWidth + 0.5;
        state.out = [...document.querySelectorAll('body *')]
          .filter((e) => past(e) && !past(e.parentElement))
          .map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`);
      }
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

/** Since the page loaded, it never could scroll sideways (the failure names what stuck out). */
export async function expectNeverWider(page: Page): Promise<void> {
  const w = await page.evaluate(() => (window as unknown as { __largeur: Largeur }).__largeur);
  expect(w.max, w.out.join(' | ')).toBeLessThanOrEqual(w.client);
}
