import { classNames } from 'primereact/utils';
import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageLoading } from '../components/PageLoading';
import { AppConfig } from './AppConfig';
import { AppFooter } from './AppFooter';
import { AppMenu } from './AppMenu';
import { AppTopbar, type TopbarRefs } from './AppTopbar';
import { BannerProvider, BannerSlot } from './banner';
import { useLayout } from './LayoutContext';
import { useOutsideClick } from './use-outside-click';
import { useMenuVisible } from './use-menu-visible';
import { usePageKey } from './use-page-key';
import { useShellData } from './use-shell-data';
import './topbar.css';
import './layout.css';

/**
 * The logged-in shell (Sakai-like): top bar, side menu, banner slot, page, footer, config panel.
 * `banners` are the features that show a banner in the slot (placed by app/, the shell imports no
 * feature).
 */
export function AppLayout({ banners }: { banners?: ReactNode }) {
  const { config, state, hideMenus, hideMenu, hideProfile } = useLayout();
  const location = useLocation();
  const sidebar = useRef<HTMLDivElement>(null);
  const refs: TopbarRefs = {
    menuButton: useRef<HTMLButtonElement>(null),
    topbarMenu: useRef<HTMLDivElement>(null),
    topbarMenuButton: useRef<HTMLButtonElement>(null),
  };
  const menuOpen = state.overlayMenuActive || state.staticMenuMobileActive;
  useShellData();
  const pageKey = usePageKey();
  // Off screen, the menu is also out of the tab order and of the accessibility tree.
  const menuVisible = useMenuVisible();

  // The end of a navigation closes the menu and the profile panel.
  useEffect(() => hideMenus(), [location.key, hideMenus]);
  useOutsideClick(menuOpen, [sidebar, refs.menuButton], hideMenu);
  useOutsideClick(
    state.profileSidebarVisible,
    [refs.topbarMenu, refs.topbarMenuButton],
    hideProfile,
  );

  useEffect(() => {
    document.body.classList.toggle('blocked-scroll', state.staticMenuMobileActive);
    return () => document.body.classList.remove('blocked-scroll');
  }, [state.staticMenuMobileActive]);

  const className = classNames('layout-wrapper', {
    'layout-overlay': config.menuMode === 'overlay',
    'layout-static': config.menuMode === 'static',
    'layout-static-inactive': state.staticMenuDesktopInactive && config.menuMode === 'static',
    'layout-overlay-active': state.overlayMenuActive,
    'layout-mobile-active': state.staticMenuMobileActive,
    'p-input-filled': config.inputStyle === 'filled',
    'p-ripple-disabled': !config.ripple,
  });

  return (
    <BannerProvider>
      {banners}
      <div className={className} data-testid="layout-wrapper">
        <AppTopbar refs={refs} />
        <div className="layout-sidebar" id="layout-sidebar" ref={sidebar} inert={!menuVisible}>
          <AppMenu />
        </div>
        <div className="layout-main-container">
          <BannerSlot />
          <main className="layout-main" id="contenu">
            <Suspense fallback={<PageLoading />}>
              {/* A new key on every navigation (going to the same URL runs the page again), but not
                  when a screen only rewrites its own URL params. */}
              <Outlet key={pageKey} />
            </Suspense>
          </main>
          <AppFooter />
        </div>
        {/* The gear is in the top bar: a floating one covered the right edge of the POS. */}
        <AppConfig floating={false} />
        <div className="layout-mask" aria-hidden="true" />
      </div>
    </BannerProvider>
  );
}
