import type { Produit } from '@comptoir/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, makeProduit } from '../../../test/fixtures';
import { ProductCache } from './api';
import { PosSearch } from './PosSearch';

const HUILE = makeProduit(2, 'Huile remise', 3000);
const SAVON = makeProduit(5, 'Savon de Marseille', 500);
const page = (items: Produit[]) => json(200, { items, total: items.length, page: 1, size: 8 });

describe('champ de recherche de la caisse', () => {
  let answerSavon: ((r: Response) => void) | undefined;
  beforeEach(() => {
    answerSavon = undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const q = new URL(String(input), 'http://localhost').searchParams.get('q');
        if (q === 's') return page([HUILE]);
        // The answer for « savon » waits until the test gives it.
        return new Promise<Response>((resolve) => (answerSavon = resolve));
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('Entrée ne prend pas un produit de la liste d’un texte précédent : elle cherche le texte tapé ; la liste du texte, elle, se choisit', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn<(p: Produit) => void>();
    const onFirstMatch = vi.fn<(text: string) => void>();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PosSearch
          serviceId={1}
          devise="XOF"
          cache={new ProductCache()}
          onScan={() => undefined}
          onPick={onPick}
          onFirstMatch={onFirstMatch}
        />
      </QueryClientProvider>,
    );
    const field = screen.getByRole('combobox', { name: 'Rechercher ou scanner un produit' });
    await user.type(field, 's');
    expect(await screen.findByRole('option', { name: /Huile remise/ })).toBeInTheDocument();
    await user.type(field, 'avon');
    // « savon » asked, its answer not there: the list still shows the matches of « s », dimmed.
    await waitFor(() => expect(answerSavon).toBeDefined());
    const list = screen.getByRole('listbox', { name: 'Produits correspondants' });
    expect(list).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('option', { name: /Huile remise/ })).toBeInTheDocument();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onPick).not.toHaveBeenCalled();
    expect(onFirstMatch).toHaveBeenCalledWith('savon');

    // Typed again once the answer is there: Enter takes the highlighted match of the text.
    await user.type(field, 'savon');
    answerSavon!(page([SAVON]));
    await waitFor(() =>
      expect(screen.getByRole('listbox', { name: 'Produits correspondants' })).toHaveAttribute(
        'aria-busy',
        'false',
      ),
    );
    await user.keyboard('{Enter}');
    expect(onPick).toHaveBeenCalledWith(SAVON);
    expect(onFirstMatch).toHaveBeenCalledTimes(1);
  });
});
