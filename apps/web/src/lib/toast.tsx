import { Toast, type ToastMessage } from 'primereact/toast';
import { createContext, useCallback, useContext, useMemo, useRef, type ReactNode } from 'react';

type Show = (message: ToastMessage) => void;

const ToastContext = createContext<Show>(() => undefined);

/**
 * One Toast for the whole app, above the router, so that a message survives a navigation
 * (logout, password change).
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const ref = useRef<Toast>(null);
  const show = useCallback<Show>((message) => ref.current?.show({ life: 4000, ...message }), []);
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <Toast ref={ref} position="top-right" />
    </ToastContext.Provider>
  );
}

export function useToast(): Show {
  return useContext(ToastContext);
}
