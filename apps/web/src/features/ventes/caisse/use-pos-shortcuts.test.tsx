import { render } from '@testing-library/react';
import { useLayoutEffect, useRef, useState } from 'react';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { EMPTY_CART } from '../../../components/document/cart';
import { usePosShortcuts } from './use-pos-shortcuts';

/** The screen's part that keeps the shortcuts: paying, then a recorded sale. */
function Screen({ done, newSale }: { done: boolean; newSale: (force: boolean) => void }) {
  const searchRef = useRef<HTMLInputElement | null>(null);
  usePosShortcuts({
    cart: EMPTY_CART,
    searchRef,
    dialogOpen: true,
    paying: !done,
    done,
    openPayment: () => undefined,
    newSale,
  });
  return null;
}

/** The cashier's F6, pressed in the commit that shows the receipt (before passive effects run). */
function PressF6When({ done }: { done: boolean }) {
  useLayoutEffect(() => {
    if (done) window.dispatchEvent(new KeyboardEvent('keydown', { key: 'F6' }));
  }, [done]);
  return null;
}

let recordSale: () => void = () => undefined;

function Counter({ newSale }: { newSale: (force: boolean) => void }) {
  const [done, setDone] = useState(false);
  recordSale = () => setDone(true);
  return (
    <>
      <Screen done={done} newSale={newSale} />
      <PressF6When done={done} />
    </>
  );
}

describe('point of sale shortcuts', () => {
  it('F6 pressed as soon as the receipt shows starts the next sale (not the payment state)', () => {
    const newSale = vi.fn();
    render(<Counter newSale={newSale} />);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'F6' }));
    expect(newSale).not.toHaveBeenCalled(); // paying: F6 does nothing
    act(() => recordSale());
    expect(newSale).toHaveBeenCalledExactlyOnceWith(true);
  });
});
