import { menuFor } from '@comptoir/shared';
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../lib/use-session';
import { AppMenuItem } from './AppMenuItem';
import { activeKeyFor, isOpen, parentKey } from './menu-keys';
import './menu.css';

/**
 * The side menu of the effective role: titled sections, expandable groups (docs/regles-metier.md).
 */
export function AppMenu() {
  const { role } = useSession();
  const { pathname } = useLocation();
  const sections = useMemo(() => menuFor(role), [role]);
  const activeKey = useMemo(() => activeKeyFor(sections, pathname), [sections, pathname]);
  // Only one branch is open at a time; the branch of the active item opens on navigation.
  const [openKey, setOpenKey] = useState<string | null>(activeKey);
  useEffect(() => {
    if (activeKey) setOpenKey(activeKey);
  }, [activeKey]);

  const toggle = (key: string) =>
    setOpenKey((current) => (isOpen(current, key) ? parentKey(key) : key));

  return (
    <nav aria-label="Menu principal">
      <ul className="layout-menu" data-testid="layout-menu">
        {sections.map((section, index) => (
          <li key={section.label} className="layout-root-menuitem">
            <div className="layout-menuitem-root-text" id={`menu-section-${index}`}>
              {section.label}
            </div>
            <ul aria-labelledby={`menu-section-${index}`}>
              {section.items.map((item, i) => (
                <AppMenuItem
                  key={item.label}
                  item={item}
                  path={[index, i]}
                  activeKey={activeKey}
                  openKey={openKey}
                  onToggle={toggle}
                />
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </nav>
  );
}
