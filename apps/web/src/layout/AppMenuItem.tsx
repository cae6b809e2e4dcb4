import type { MenuItem } from '@comptoir/shared';
import { Tooltip } from 'primereact/tooltip';
import { classNames } from 'primereact/utils';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { isOpen, itemKey } from './menu-keys';

interface Props {
  item: MenuItem;
  path: number[];
  activeKey: string | null;
  openKey: string | null;
  onToggle: (key: string) => void;
}

function Content({ item, toggler }: { item: MenuItem; toggler?: boolean }) {
  return (
    <>
      {item.icon && (
        <i className={classNames('layout-menuitem-icon', item.icon)} aria-hidden="true" />
      )}
      <span className="layout-menuitem-text">{item.label}</span>
      {item.badge && (
        <span className="p-badge p-component layout-menuitem-badge">{item.badge}</span>
      )}
      {toggler && (
        <i className="pi pi-fw pi-angle-down layout-submenu-toggler" aria-hidden="true" />
      )}
    </>
  );
}

/** One entry of the side menu: a group that expands, or a leaf link (disabled, badge, tooltip). */
export function AppMenuItem({ item, path, activeKey, openKey, onToggle }: Props) {
  const key = itemKey(path);
  const id = useId();
  // The element the tooltip follows.
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const tooltipId = `${id}-tooltip`;
  const described = item.tooltip ? tooltipId : undefined;
  const tooltip: ReactNode = item.tooltip && (
    <>
      <span id={tooltipId} hidden>
        {item.tooltip}
      </span>
      {anchor && (
        <Tooltip target={anchor} content={item.tooltip} position="right" showDelay={300} />
      )}
    </>
  );

  if (item.items) {
    const open = isOpen(openKey, key);
    return (
      <li className={classNames({ 'active-menuitem': open })}>
        <button
          ref={setAnchor}
          type="button"
          className={classNames('layout-menuitem-link', { 'p-disabled': item.disabled })}
          aria-expanded={open}
          aria-controls={`${id}-submenu`}
          aria-describedby={described}
          disabled={item.disabled}
          onClick={() => onToggle(key)}
        >
          <Content item={item} toggler />
        </button>
        {tooltip}
        <div
          className={classNames('layout-submenu-wrapper', { 'layout-submenu-open': open })}
          inert={!open}
        >
          <ul id={`${id}-submenu`} className="layout-submenu">
            {item.items.map((child, i) => (
              <AppMenuItem
                key={child.label}
                item={child}
                path={[...path, i]}
                activeKey={activeKey}
                openKey={openKey}
                onToggle={onToggle}
              />
            ))}
          </ul>
        </div>
      </li>
    );
  }

  const active = key === activeKey;
  return (
    <li className={classNames({ 'active-menuitem': active })}>
      {item.disabled || !item.to ? (
        <a
          ref={setAnchor}
          className="layout-menuitem-link p-disabled"
          aria-disabled="true"
          aria-describedby={described}
        >
          <Content item={item} />
        </a>
      ) : (
        <Link
          ref={setAnchor}
          to={item.to}
          className={classNames('layout-menuitem-link', { 'active-route': active })}
          aria-current={active ? 'page' : undefined}
          aria-describedby={described}
        >
          <Content item={item} />
        </Link>
      )}
      {tooltip}
    </li>
  );
}
