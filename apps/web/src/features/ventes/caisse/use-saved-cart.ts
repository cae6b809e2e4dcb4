import { useCallback, useEffect, useReducer, useRef, type Dispatch } from 'react';
import { cartReducer, type Cart, type CartAction } from '../../../components/document/cart';
import { isEmptyCart, loadCart, saveCart } from './cart';

/** Runs `task` when the browser is idle (at the latest after 1 s), or soon where there is no requestIdleCallback. */
const whenIdle = (task: () => void) => {
  if (typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(task, { timeout: 1000 });
  else setTimeout(task, 50);
};

/**
 * The POS cart, kept in localStorage per shop. It is written off the scan's path (idle time, or
 * at once when the page is hidden or left, or the screen closed); an emptied cart is forgotten at
 * once (a recorded sale never comes back after a reload). `saveNow` stores a cart at once,
 * replacing any older one waiting to be saved (the idempotency key of a submission).
 */
export function useSavedCart(
  serviceId: number,
): [Cart, Dispatch<CartAction>, (cart: Cart) => void] {
  const [cart, dispatch] = useReducer(cartReducer, serviceId, loadCart);
  const pendingSave = useRef<Cart | null>(null);
  const flushSave = useCallback(() => {
    if (pendingSave.current) saveCart(serviceId, pendingSave.current);
    pendingSave.current = null;
  }, [serviceId]);
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flushSave();
    };
    window.addEventListener('pagehide', flushSave);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', flushSave);
      document.removeEventListener('visibilitychange', onVisibility);
      flushSave();
    };
  }, [flushSave]);
  useEffect(() => {
    if (isEmptyCart(cart)) {
      pendingSave.current = null;
      saveCart(serviceId, cart);
      return;
    }
    const scheduled = pendingSave.current !== null;
    pendingSave.current = cart;
    if (!scheduled) whenIdle(flushSave);
  }, [serviceId, cart, flushSave]);
  const saveNow = useCallback(
    (next: Cart) => {
      pendingSave.current = next;
      flushSave();
    },
    [flushSave],
  );
  return [cart, dispatch, saveNow];
}
