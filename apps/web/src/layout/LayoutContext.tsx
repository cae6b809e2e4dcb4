import { BREAKPOINT_DESKTOP, type LayoutConfig } from '@comptoir/shared';
import { PrimeReactContext } from 'primereact/api';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { loadLayoutConfig, saveLayoutConfig } from './layout-config';
import { applyScale, applyTheme } from './theme-link';

/** Open/closed states of the shell. */
export interface LayoutState {
  staticMenuDesktopInactive: boolean;
  overlayMenuActive: boolean;
  staticMenuMobileActive: boolean;
  profileSidebarVisible: boolean;
  configSidebarVisible: boolean;
}

const CLOSED: LayoutState = {
  staticMenuDesktopInactive: false,
  overlayMenuActive: false,
  staticMenuMobileActive: false,
  profileSidebarVisible: false,
  configSidebarVisible: false,
};

export interface LayoutContextValue {
  config: LayoutConfig;
  setConfig: (patch: Partial<LayoutConfig>) => void;
  state: LayoutState;
  onMenuToggle: () => void;
  toggleProfileSidebar: () => void;
  /** Closes the overlay or mobile menu and the profile panel (navigation end). */
  hideMenus: () => void;
  /** Closes the overlay or mobile menu only (click outside the menu). */
  hideMenu: () => void;
  /** Closes the profile panel only (click outside it). */
  hideProfile: () => void;
  setConfigVisible: (visible: boolean) => void;
}

const LayoutContext = createContext<LayoutContextValue | null>(null);

/** Desktop means a width above 991 px (docs/regles-metier.md). */
export const isDesktop = (): boolean => window.innerWidth > BREAKPOINT_DESKTOP;

export function LayoutProvider({ children }: { children: ReactNode }) {
  const [config, setConfigState] = useState<LayoutConfig>(loadLayoutConfig);
  const [state, setState] = useState<LayoutState>(CLOSED);
  const prime = useContext(PrimeReactContext);
  const { setRipple, setInputStyle } = prime ?? {};

  const setConfig = useCallback((patch: Partial<LayoutConfig>) => {
    setConfigState((previous) => {
      const next = { ...previous, ...patch };
      saveLayoutConfig(next);
      return next;
    });
  }, []);

  useEffect(() => applyScale(config.scale), [config.scale]);
  useEffect(() => applyTheme(config.theme, config.colorScheme), [config.theme, config.colorScheme]);
  useEffect(() => setRipple?.(config.ripple), [config.ripple, setRipple]);
  useEffect(() => setInputStyle?.(config.inputStyle), [config.inputStyle, setInputStyle]);

  const onMenuToggle = useCallback(() => {
    const desktop = isDesktop();
    setState((s) => {
      if (!desktop) return { ...s, staticMenuMobileActive: !s.staticMenuMobileActive };
      if (config.menuMode === 'overlay') return { ...s, overlayMenuActive: !s.overlayMenuActive };
      return { ...s, staticMenuDesktopInactive: !s.staticMenuDesktopInactive };
    });
  }, [config.menuMode]);

  const toggleProfileSidebar = useCallback(() => {
    setState((s) => ({ ...s, profileSidebarVisible: !s.profileSidebarVisible }));
  }, []);

  const hideMenus = useCallback(() => {
    setState((s) =>
      s.overlayMenuActive || s.staticMenuMobileActive || s.profileSidebarVisible
        ? {
            ...s,
            overlayMenuActive: false,
            staticMenuMobileActive: false,
            profileSidebarVisible: false,
          }
        : s,
    );
  }, []);

  const hideMenu = useCallback(() => {
    setState((s) =>
      s.overlayMenuActive || s.staticMenuMobileActive
        ? { ...s, overlayMenuActive: false, staticMenuMobileActive: false }
        : s,
    );
  }, []);

  const hideProfile = useCallback(() => {
    setState((s) => (s.profileSidebarVisible ? { ...s, profileSidebarVisible: false } : s));
  }, []);

  const setConfigVisible = useCallback((visible: boolean) => {
    setState((s) =>
      s.configSidebarVisible === visible ? s : { ...s, configSidebarVisible: visible },
    );
  }, []);

  const value = useMemo<LayoutContextValue>(
    () => ({
      config,
      setConfig,
      state,
      onMenuToggle,
      toggleProfileSidebar,
      hideMenus,
      hideMenu,
      hideProfile,
      setConfigVisible,
    }),
    [
      config,
      setConfig,
      state,
      onMenuToggle,
      toggleProfileSidebar,
      hideMenus,
      hideMenu,
      hideProfile,
      setConfigVisible,
    ],
  );
  return <LayoutContext.Provider value={value}>{children}</LayoutContext.Provider>;
}

export function useLayout(): LayoutContextValue {
  const value = useContext(LayoutContext);
  if (!value) throw new Error('useLayout outside LayoutProvider');
  return value;
}
