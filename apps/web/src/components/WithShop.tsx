import { Message } from 'primereact/message';
import type { ReactNode } from 'react';
import { useSession } from '../lib/use-session';

/** A screen of the current shop: rendered with its id, or a French notice when there is none. */
export function WithShop({ children }: { children: (serviceId: number) => ReactNode }) {
  const { service } = useSession();
  if (!service)
    return (
      <Message
        severity="warn"
        text="Aucune boutique sélectionnée : créez ou choisissez une boutique."
        className="w-full justify-content-start"
      />
    );
  return children(service.id);
}
