import { toSVG } from 'bwip-js/browser';
import { memo, useMemo } from 'react';

/** A Code 128 barcode of `text` as inline SVG (bwip-js, synchronous: printable at once). */
export const Barcode128 = memo(function Barcode128({ text, label }: { text: string; label?: string }) {
  const svg = useMemo(() => {
    try {
      return toSVG({ bcid: 'code128', text, height: 10, includetext: false, paddingwidth: 0, paddingheight: 0 });
    } catch {
      return null;
    }
  }, [text]);
  if (!svg) return null;
  return <div className="receipt-barcode" role="img" aria-label={label ?? `Code-barres ${text}`} dangerouslySetInnerHTML={{ __html: svg }} />;
});
