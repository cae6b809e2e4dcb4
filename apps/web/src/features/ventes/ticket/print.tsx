import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { loadBarcodeRenderer } from './Barcode128';
import { Receipt, type ReceiptProps } from './Receipt';

let root: Root | null = null;

function container(): HTMLElement {
  let el = document.getElementById('receipt-print-root');
  if (!el) {
    el = document.createElement('div');
    el.id = 'receipt-print-root';
    document.body.appendChild(el);
  }
  return el;
}

/**
 * Prints the receipt alone on a thermal roll: renders it in a hidden node under <body>, adds
 * `@page { size: 80mm auto; margin: 0 }` (or 58 mm) for this print only, then window.print().
 * Recording the print (POST …/impressions) is the caller's job: it tells whether this one is a
 * duplicate (see useReceiptPrinter).
 */
export async function printReceipt(props: ReceiptProps): Promise<void> {
  await loadBarcodeRenderer();
  const el = container();
  root ??= createRoot(el);
  flushSync(() => root!.render(<Receipt {...props} />));
  const page = document.createElement('style');
  page.dataset['receiptPage'] = '';
  page.textContent = `@page { size: ${props.largeur ?? '80'}mm auto; margin: 0 }`;
  document.head.appendChild(page);
  document.documentElement.classList.add('receipt-printing');
  const cleanup = () => {
    page.remove();
    document.documentElement.classList.remove('receipt-printing');
    window.removeEventListener('afterprint', cleanup);
  };
  window.addEventListener('afterprint', cleanup);
  try {
    window.print();
  } finally {
    // Chromium blocks in print() until the dialog closes; elsewhere afterprint cleans up.
    if (!window.matchMedia?.('print').matches) cleanup();
  }
}
