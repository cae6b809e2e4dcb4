import { MENU_SCREENS } from '@comptoir/shared';
import { describe, expect, it } from 'vitest';
import { MENU_ELEMENTS } from './router';

describe('router and menu table', () => {
  it('opens only routes of the menu table', () => {
    const routes = MENU_SCREENS.map((s) => s.route);
    expect(Object.keys(MENU_ELEMENTS).filter((r) => !routes.includes(r))).toEqual([]);
  });
});
