import type { LayoutConfig } from '@comptoir/shared';
import { classNames } from 'primereact/utils';
import { THEMES } from './themes';

const SCHEME_LABEL = { light: 'Clair', dark: 'Sombre' } as const;

/** The theme list: each theme sets its own colour scheme. */
export function ConfigThemes({
  theme,
  onChange,
}: {
  theme: string;
  onChange: (patch: Partial<LayoutConfig>) => void;
}) {
  return (
    <section className="layout-config-section" aria-labelledby="config-themes-title">
      <h3 id="config-themes-title">Thèmes</h3>
      <div className="layout-config-themes">
        {THEMES.map((t) => (
          <button
            key={t.name}
            type="button"
            className={classNames('layout-config-theme p-link', {
              'layout-config-theme-active': t.name === theme,
            })}
            aria-pressed={t.name === theme}
            aria-label={`${t.label} (${SCHEME_LABEL[t.colorScheme].toLowerCase()})`}
            title={t.label}
            data-theme={t.name}
            onClick={() => onChange({ theme: t.name, colorScheme: t.colorScheme })}
          >
            <span
              className="layout-config-theme-swatch"
              style={{ background: t.swatch }}
              aria-hidden="true"
            >
              <i className={t.colorScheme === 'dark' ? 'pi pi-moon' : 'pi pi-sun'} />
            </span>
            <span className="layout-config-theme-label">{t.label}</span>
          </button>
        ))}
      </div>
    </section>
  );
}
