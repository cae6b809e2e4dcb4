import type { Produit } from '@comptoir/shared';
import { useCallback, type Dispatch } from 'react';
import { flushSync } from 'react-dom';
import { toCartProduct, type CartAction } from '../../../components/document/cart';
import { useFeedback } from '../../../lib/use-feedback';
import { useToast } from '../../../lib/toast';
import { firstMatch, lookupBarcode, type ProductCache } from './api';

/**
 * How products reach the cart: picked (suggestion, tile), scanned (the cache first, else one
 * barcode request) or the first match of a typed text. Every callback is stable.
 */
export function usePosScan(
  serviceId: number,
  cache: ProductCache,
  dispatch: Dispatch<CartAction>,
  focusSearch: () => void,
) {
  const feedback = useFeedback();
  const toast = useToast();

  const addProduit = useCallback(
    (p: Produit) => {
      cache.remember([p]);
      dispatch({ type: 'add', produit: toCartProduct(p) });
      focusSearch();
    },
    [cache, dispatch, focusSearch],
  );

  const onScan = useCallback(
    (code: string) => {
      const known = cache.get(code);
      if (known) {
        dispatch({ type: 'add', produit: known });
        return;
      }
      lookupBarcode(serviceId, code)
        .then((p) => {
          // The line is committed in this very task: a frame drawn before React's next scheduled
          // task would otherwise show the screen without it (up to 16 ms more).
          if (p) flushSync(() => addProduit(p));
          else
            toast({
              severity: 'warn',
              summary: 'Code-barres inconnu',
              detail: `Aucun produit actif ne porte le code-barres ${code}.`,
              life: 5000,
            });
        })
        .catch(feedback.actionError('Recherche du code-barres impossible'));
    },
    [cache, dispatch, serviceId, addProduit, toast, feedback],
  );

  const onFirstMatch = useCallback(
    (text: string) => {
      firstMatch(serviceId, text)
        .then((first) => {
          if (first) addProduit(first);
          else
            toast({
              severity: 'warn',
              summary: 'Aucun produit',
              detail: `Aucun produit ne correspond à « ${text} ».`,
              life: 5000,
            });
        })
        .catch(feedback.actionError('Recherche impossible'));
    },
    [serviceId, addProduit, toast, feedback],
  );

  return { addProduit, onScan, onFirstMatch };
}
