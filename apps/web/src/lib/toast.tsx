import type { Toast, ToastMessage } from 'primereact/toast';
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useRef,
  useState,
  type ReactNode,
} from 'react';

type Show = (message: ToastMessage) => void;

const ToastContext = createContext<Show>(() => undefined);

/** PrimeReact's Toast and its animations, fetched with the first message (not with the login page). */
const LazyToast = lazy(() => import('primereact/toast').then((m) => ({ default: m.Toast })));

/**
 * One Toast for the whole app, above the router, so that a message survives a navigation
 * (logout, password change). It is mounted at the first message: messages shown before it is
 * ready wait for it, in order.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const toast = useRef<Toast | null>(null);
  const waiting = useRef<ToastMessage[]>([]);
  const [wanted, setWanted] = useState(false);
  const show = useCallback<Show>((message) => {
    const timed = { life: 4000, ...message };
    if (toast.current) return toast.current.show(timed);
    waiting.current.push(timed);
    setWanted(true);
  }, []);
  const ready = useCallback((mounted: Toast | null) => {
    toast.current = mounted;
    if (mounted && waiting.current.length) mounted.show(waiting.current.splice(0));
  }, []);
  return (
    <ToastContext.Provider value={show}>
      {children}
      {wanted && (
        <Suspense fallback={null}>
          <LazyToast ref={ready} position="top-right" />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}

export function useToast(): Show {
  return useContext(ToastContext);
}
