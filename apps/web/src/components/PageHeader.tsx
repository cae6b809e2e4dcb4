import { Button } from 'primereact/button';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useIsPhone } from '../lib/use-phone';
import './list/list.css';

/**
 * Title of a screen, with its main actions on the right. With `actionsMenu` (a list's Importer,
 * Exporter…), a phone shows them in one « Actions » menu; they stay mounted, so a dialog one of
 * them opened stays open, and a click on one closes the menu. A form keeps its buttons in view.
 */
export function PageHeader({
  title,
  actionsMenu = false,
  children,
}: {
  title: string;
  actionsMenu?: boolean;
  children?: ReactNode;
}) {
  const phone = useIsPhone() && actionsMenu;
  const [open, setOpen] = useState(false);
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('click', close);
    return () => document.removeEventListener('click', close);
  }, [open]);
  return (
    <div className="flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
      <h1 className="m-0 text-3xl">{title}</h1>
      {children && (
        <div className={phone ? 'page-actions-menu' : 'flex flex-wrap gap-2'} ref={box}>
          {phone && (
            <Button
              type="button"
              label="Actions"
              icon="pi pi-ellipsis-v"
              outlined
              aria-haspopup="true"
              aria-expanded={open}
              aria-controls={id}
              onClick={() => setOpen(!open)}
            />
          )}
          <div
            id={id}
            className={phone ? (open ? 'page-actions-panel' : 'hidden') : 'contents'}
            onClick={phone ? () => setOpen(false) : undefined}
          >
            {children}
          </div>
        </div>
      )}
    </div>
  );
}
