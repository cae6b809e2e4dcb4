import type { ColorScheme } from '@comptoir/shared';

/** A PrimeReact theme served at /themes/<name>/theme.css, tied to a colour scheme. */
export interface ThemeOption {
  name: string;
  label: string;
  colorScheme: ColorScheme;
  /** Swatch shown in the configuration panel. */
  swatch: string;
}

export const THEMES: readonly ThemeOption[] = [
  { name: 'lara-light-blue', label: 'Lara clair bleu', colorScheme: 'light', swatch: '#3b82f6' },
  { name: 'lara-dark-blue', label: 'Lara sombre bleu', colorScheme: 'dark', swatch: '#60a5fa' },
  {
    name: 'lara-light-indigo',
    label: 'Lara clair indigo',
    colorScheme: 'light',
    swatch: '#6366f1',
  },
  { name: 'lara-dark-indigo', label: 'Lara sombre indigo', colorScheme: 'dark', swatch: '#818cf8' },
  {
    name: 'lara-light-teal',
    label: 'Lara clair sarcelle',
    colorScheme: 'light',
    swatch: '#14b8a6',
  },
  { name: 'lara-dark-teal', label: 'Lara sombre sarcelle', colorScheme: 'dark', swatch: '#2dd4bf' },
  {
    name: 'md-light-indigo',
    label: 'Material clair indigo',
    colorScheme: 'light',
    swatch: '#3f51b5',
  },
  {
    name: 'md-dark-indigo',
    label: 'Material sombre indigo',
    colorScheme: 'dark',
    swatch: '#9fa8da',
  },
];

export const THEME_LINK_ID = 'theme-css';

export const themeHref = (name: string): string => `/themes/${name}/theme.css`;

export function findTheme(name: string): ThemeOption | undefined {
  return THEMES.find((t) => t.name === name);
}
