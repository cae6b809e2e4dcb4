import type { ReactNode } from 'react';

/** Title of a screen, with its main actions on the right. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
      <h1 className="m-0 text-3xl">{title}</h1>
      {children && <div className="flex flex-wrap gap-2">{children}</div>}
    </div>
  );
}
