import {
  COLOR_SCHEMES,
  DEFAULT_LAYOUT,
  INPUT_STYLES,
  LAYOUT_SCALES,
  MENU_MODES,
  type LayoutConfig,
} from '@comptoir/shared';
import { findTheme } from './themes';

/** Appearance settings are kept in localStorage under this key (not a session key). */
export const LAYOUT_CONFIG_KEY = 'layoutConfig';

const oneOf = <T extends string | number>(list: readonly T[], value: unknown, fallback: T): T =>
  list.includes(value as T) ? (value as T) : fallback;

/** The stored settings, each checked, falling back to DEFAULT_LAYOUT. */
export function loadLayoutConfig(): LayoutConfig {
  let stored: Partial<Record<keyof LayoutConfig, unknown>> = {};
  try {
    const raw = localStorage.getItem(LAYOUT_CONFIG_KEY);
    if (raw) stored = JSON.parse(raw) as typeof stored;
  } catch {
    stored = {};
  }
  const theme = typeof stored.theme === 'string' ? findTheme(stored.theme) : undefined;
  return {
    scale: oneOf<number>(LAYOUT_SCALES, stored.scale, DEFAULT_LAYOUT.scale),
    menuMode: oneOf(MENU_MODES, stored.menuMode, DEFAULT_LAYOUT.menuMode),
    inputStyle: oneOf(INPUT_STYLES, stored.inputStyle, DEFAULT_LAYOUT.inputStyle),
    ripple: typeof stored.ripple === 'boolean' ? stored.ripple : DEFAULT_LAYOUT.ripple,
    theme: theme?.name ?? DEFAULT_LAYOUT.theme,
    colorScheme:
      theme?.colorScheme ?? oneOf(COLOR_SCHEMES, stored.colorScheme, DEFAULT_LAYOUT.colorScheme),
  };
}

export function saveLayoutConfig(config: LayoutConfig): void {
  try {
    localStorage.setItem(LAYOUT_CONFIG_KEY, JSON.stringify(config));
  } catch {
    /* storage full or disabled: the settings last for this page only */
  }
}
