import { classNames } from 'primereact/utils';
import { useEffect, useRef, type ReactNode } from 'react';
import { ConfigScale } from './ConfigScale';
import { ConfigThemes } from './ConfigThemes';
import { useLayout } from './LayoutContext';
import './config.css';

/**
 * The appearance panel on the right, opened by the gear button: the scale, `children` (the shell's
 * layout options), the themes. Alone, as on the auth screens, it leaves the layout options (and
 * their PrimeReact switches and radio buttons) out of the login page's scripts.
 */
export function ConfigPanel({
  children,
  floating = true,
}: {
  children?: ReactNode;
  /** The floating gear on the right edge (auth screens); the shell has its own in the top bar. */
  floating?: boolean;
}) {
  const { config, setConfig, state, setConfigVisible } = useLayout();
  const visible = state.configSidebarVisible;
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!visible) return;
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setConfigVisible(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [visible, setConfigVisible]);

  return (
    <>
      {floating && (
        <button
          type="button"
          className="layout-config-button p-link"
          aria-label="Ouvrir la configuration"
          aria-controls="layout-config"
          aria-expanded={visible}
          onClick={() => setConfigVisible(true)}
        >
          <i className="pi pi-cog" aria-hidden="true" />
        </button>
      )}
      <div
        className={classNames('layout-config-mask', { 'layout-config-mask-active': visible })}
        onClick={() => setConfigVisible(false)}
        aria-hidden="true"
      />
      <aside
        id="layout-config"
        className={classNames('layout-config', { 'layout-config-active': visible })}
        role="dialog"
        aria-labelledby="layout-config-title"
        inert={!visible}
        data-testid="layout-config"
      >
        <div className="layout-config-header">
          <h2 id="layout-config-title">Configuration</h2>
          <button
            ref={closeRef}
            type="button"
            className="p-button p-component p-button-icon-only p-button-rounded p-button-text"
            aria-label="Fermer la configuration"
            onClick={() => setConfigVisible(false)}
          >
            <span className="p-button-icon pi pi-times" aria-hidden="true" />
          </button>
        </div>
        <ConfigScale scale={config.scale} onChange={(scale) => setConfig({ scale })} />
        {children}
        <ConfigThemes theme={config.theme} onChange={setConfig} />
      </aside>
    </>
  );
}
