import type * as BwipModule from 'bwip-js/browser';
import { memo, useEffect, useMemo, useState } from 'react';

type Bwip = typeof BwipModule;
let bwip: Bwip | null = null;

/** bwip-js is large: loaded on first use, in its own chunk. */
export async function loadBarcodeRenderer(): Promise<void> {
  bwip ??= await import('bwip-js/browser');
}

function code128Svg(text: string): string | null {
  if (!bwip) return null;
  try {
    return bwip.toSVG({
      bcid: 'code128',
      text,
      height: 10,
      includetext: false,
      paddingwidth: 0,
      paddingheight: 0,
    });
  } catch {
    return null;
  }
}

/** A Code 128 barcode of `text` as inline SVG (synchronous once bwip-js is loaded: printable at once). */
export const Barcode128 = memo(function Barcode128({
  text,
  label,
}: {
  text: string;
  label?: string;
}) {
  const [ready, setReady] = useState(bwip !== null);
  useEffect(() => {
    if (!ready) void loadBarcodeRenderer().then(() => setReady(true));
  }, [ready]);
  const svg = useMemo(() => (ready ? code128Svg(text) : null), [ready, text]);
  if (!svg) return null;
  return (
    <div
      className="receipt-barcode"
      role="img"
      aria-label={label ?? `Code-barres ${text}`}
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
});
