import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Helpers for PrimeReact's composite inputs, found by the id of their inner input (the one their
 * <label> names): drop-downs, multi-selects, calendars.
 */
const widget = (page: Page, kind: 'dropdown' | 'multiselect', inputId: string): Locator =>
  page.locator(`.p-${kind}`, { has: page.locator(`[id="${inputId}"]`) });

/**
 * Opens a drop-down, optionally types in its filter, and picks the option whose text matches.
 * `searched`: for a drop-down that searches the server as one types (OwnerPicker), the response
 * to the filter's search; the option is clicked once it arrived and the list shows just the
 * matches, never while the list is being replaced (a click then can fall between two lists).
 */
export async function chooseOption(
  page: Page,
  inputId: string,
  option: string | RegExp,
  filter?: string,
  searched?: (filter: string) => Promise<unknown>,
): Promise<void> {
  await widget(page, 'dropdown', inputId).click();
  const panel = page.locator('.p-dropdown-panel');
  await expect(panel).toBeVisible();
  if (filter !== undefined) {
    const answer = searched?.(filter);
    await panel.locator('.p-dropdown-filter').fill(filter);
    // The list filtered first: an option clicked while the list was being filtered could be
    // replaced under the pointer, and the click chose nothing (proof run, session 10).
    const escaped = filter.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await expect(
      panel.getByRole('option').filter({ hasNotText: new RegExp(escaped, 'i') }),
    ).toHaveCount(0);
    if (answer) {
      await answer;
      await expect(panel.getByRole('option')).toHaveCount(1);
    }
  }
  await panel.getByRole('option', { name: option }).click();
  await expect(panel).toBeHidden();
}

/** Ticks options of a multi-select, then closes it. */
export async function chooseOptions(
  page: Page,
  inputId: string,
  options: Array<string | RegExp>,
): Promise<void> {
  await widget(page, 'multiselect', inputId).click();
  const panel = page.locator('.p-multiselect-panel');
  await expect(panel).toBeVisible();
  for (const option of options) await panel.getByRole('option', { name: option }).click();
  // Not Escape: inside a dialog, it would close the dialog too.
  await panel.locator('.p-multiselect-close').click();
  await expect(panel).toBeHidden();
}

/** Types a day (dd/mm/yyyy) into a calendar and leaves it with Tab, which closes its panel. */
export async function typeDay(page: Page, inputId: string, day: string): Promise<void> {
  const input = page.locator(`[id="${inputId}"]`);
  await input.fill(day);
  // Not Escape: inside a dialog, it would close the dialog too.
  await input.press('Tab');
  await expect(input).toHaveValue(day);
}

/** A toast's text, once it is shown. */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.locator('.p-toast-message').filter({ hasText: text });
}
