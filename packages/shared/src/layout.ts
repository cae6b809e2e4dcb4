/** Layout settings and constants of the shell (docs/regles-metier.md). */
export const LAYOUT_SCALES = [12, 13, 14, 15, 16] as const;
export const MENU_MODES = ['static', 'overlay'] as const;
export const INPUT_STYLES = ['outlined', 'filled'] as const;
export const COLOR_SCHEMES = ['light', 'dark'] as const;

export type MenuMode = (typeof MENU_MODES)[number];
export type InputStyle = (typeof INPUT_STYLES)[number];
export type ColorScheme = (typeof COLOR_SCHEMES)[number];

export interface LayoutConfig {
  scale: number;
  menuMode: MenuMode;
  inputStyle: InputStyle;
  ripple: boolean;
  theme: string;
  colorScheme: ColorScheme;
}

/** Initial values; ripple off. */
export const DEFAULT_LAYOUT: LayoutConfig = {
  scale: 14,
  menuMode: 'static',
  inputStyle: 'outlined',
  ripple: false,
  theme: 'lara-light-blue',
  colorScheme: 'light',
};

export const BREAKPOINT_DESKTOP = 991;
export const BREAKPOINT_TABLET = 767;
export const BREAKPOINT_PHONE = 480;
export const LOGIN_RETRY_DELAY_MS = 500;

/** Local storage keys of the session. */
export const STORAGE_KEYS = {
  token: 'token',
  refreshToken: 'refreshToken',
  user: 'user',
  service: 'service',
  services: 'services',
} as const;
