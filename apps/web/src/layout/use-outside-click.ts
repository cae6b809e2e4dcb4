import { useEffect, type RefObject } from 'react';

/** While `active`, a click outside every element of `inside` calls `onOutside`. */
export function useOutsideClick(
  active: boolean,
  inside: ReadonlyArray<RefObject<HTMLElement | null>>,
  onOutside: () => void,
): void {
  useEffect(() => {
    if (!active) return;
    const onClick = (event: MouseEvent) => {
      const target = event.target as Node | null;
      if (!target || !target.isConnected) return;
      if (inside.some((ref) => ref.current?.contains(target))) return;
      onOutside();
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
    // `inside` holds refs, stable across renders.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active, onOutside]);
}
