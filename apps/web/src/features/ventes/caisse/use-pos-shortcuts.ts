import { useEffect, type RefObject } from 'react';
import type { Cart } from '../../../components/document/cart';
import { posLineIds } from './pos-ids';

interface Options {
  cart: Cart;
  searchRef: RefObject<HTMLInputElement | null>;
  dialogOpen: boolean;
  paying: boolean;
  done: boolean;
  openPayment: () => void;
  newSale: (force: boolean) => void;
}

/** Shortcuts: F2 search, F4 quantity of the last line, F8/F9 pay, F6 new sale. */
export function usePosShortcuts({
  cart,
  searchRef,
  dialogOpen,
  paying,
  done,
  openPayment,
  newSale,
}: Options) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
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
  }, [cart.derniere, cart.lignes, searchRef, dialogOpen, paying, done, openPayment, newSale]);

  useEffect(() => {
    if (!dialogOpen) searchRef.current?.focus();
  }, [dialogOpen, searchRef]);
}
