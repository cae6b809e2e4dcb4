import { showsPosButton, showsShopSwitcher } from '@comptoir/shared';
import { classNames } from 'primereact/utils';
import type { RefObject } from 'react';
import { Link } from 'react-router';
import { useSession } from '../lib/use-session';
import { useLayout } from './LayoutContext';
import { useMenuVisible } from './use-menu-visible';
import { ShopSwitcher } from './ShopSwitcher';
import { UserPanel } from './UserPanel';

export interface TopbarRefs {
  menuButton: RefObject<HTMLButtonElement | null>;
  topbarMenu: RefObject<HTMLDivElement | null>;
  topbarMenuButton: RefObject<HTMLButtonElement | null>;
}

/** Top bar: brand (or current shop), menu toggle, POS button, shop switcher, user panel. */
export function AppTopbar({ refs }: { refs: TopbarRefs }) {
  const { role, service } = useSession();
  const { state, onMenuToggle, toggleProfileSidebar, setConfigVisible } = useLayout();
  const menuOpen = useMenuVisible();

  return (
    <header className="layout-topbar">
      <Link to="/" className="layout-topbar-logo" title="Tableau de bord">
        <img src="/logo.svg" alt="" width={36} height={36} />
        <span data-testid="topbar-brand">{service ? service.nom : 'COMPTOIR'}</span>
      </Link>

      <button
        ref={refs.menuButton}
        type="button"
        className="p-link layout-menu-button layout-topbar-button"
        aria-label="Menu"
        aria-controls="layout-sidebar"
        aria-expanded={menuOpen}
        onClick={onMenuToggle}
      >
        <i className="pi pi-bars" aria-hidden="true" />
      </button>

      {showsPosButton(role) && (
        <Link
          to="/pages/ventes"
          className="p-button p-button-sm layout-topbar-pos"
          data-testid="pos-button"
        >
          <i className="pi pi-shopping-cart mr-2" aria-hidden="true" />
          POS
        </Link>
      )}

      <button
        ref={refs.topbarMenuButton}
        type="button"
        className="p-link layout-topbar-menu-button layout-topbar-button"
        aria-label="Menu utilisateur"
        aria-controls="layout-topbar-menu"
        aria-expanded={state.profileSidebarVisible}
        onClick={toggleProfileSidebar}
      >
        <i className="pi pi-ellipsis-v" aria-hidden="true" />
      </button>

      <div
        ref={refs.topbarMenu}
        id="layout-topbar-menu"
        className={classNames('layout-topbar-menu', {
          'layout-topbar-menu-mobile-active': state.profileSidebarVisible,
        })}
      >
        {showsShopSwitcher(role) && <ShopSwitcher />}
        <button
          type="button"
          className="p-link layout-topbar-button layout-topbar-config"
          aria-label="Ouvrir la configuration"
          aria-controls="layout-config"
          aria-expanded={state.configSidebarVisible}
          title="Configuration"
          onClick={() => setConfigVisible(true)}
        >
          <i className="pi pi-cog" aria-hidden="true" />
          <span className="layout-topbar-config-label">Configuration</span>
        </button>
        <UserPanel />
      </div>
    </header>
  );
}
