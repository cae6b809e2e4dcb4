import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import type { Cart } from '../../../components/document/cart';
import { posLineIds } from './pos-ids';

export interface PosShortcutOptions {
  cart: Cart;
  searchRef: RefObject<HTMLInputElement | null>;
  dialogOpen: boolean;
  paying: boolean;
  done: boolean;
  openPayment: () => void;
  newSale: (force: boolean) => void;
}

/**
 * Shortcuts: F2 search, F4 quantity of the last line, F8/F9 pay, F6 new sale.
 *
 * The listener reads the screen's state of the last commit (kept in a layout effect, which runs
 * with the commit): a key pressed as soon as the receipt shows acts on that receipt. Passive
 * effects run later, and Chromium dispatches input before them, so a listener re-registered by
 * `useEffect` could still hold the state of the payment (F6 ignored, receipt left open).
 */
export function usePosShortcuts(options: PosShortcutOptions) {
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const { cart, searchRef, dialogOpen, paying, done, openPayment, newSale } = latest.current;
      if (e.key === 'F2') {
        e.preventDefault();
        if (!dialogOpen) searchRef.current?.focus();
      } else if (e.key === 'F4' && !dialogOpen) {
        e.preventDefault();
        const last = cart.derniere ?? cart.lignes.at(-1)?.produit.id;
        const input = last
          ? (document.getElementById(posLineIds.quantite(last, 0)) as HTMLInputElement | null)
          : null;
        input?.focus();
        input?.select();
      } else if ((e.key === 'F8' || e.key === 'F9') && !dialogOpen) {
        e.preventDefault();
        openPayment();
      } else if (e.key === 'F6') {
        e.preventDefault();
        if (!paying) newSale(done);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const { dialogOpen, searchRef } = options;
  useEffect(() => {
    if (!dialogOpen) searchRef.current?.focus();
  }, [dialogOpen, searchRef]);
}
