import { useLayout } from './LayoutContext';
import { useIsDesktop } from './use-desktop';

/** Whether the side menu is on screen, for the current width, menu type and states. */
export function useMenuVisible(): boolean {
  const { config, state } = useLayout();
  const desktop = useIsDesktop();
  if (!desktop) return state.staticMenuMobileActive;
  return config.menuMode === 'overlay' ? state.overlayMenuActive : !state.staticMenuDesktopInactive;
}
