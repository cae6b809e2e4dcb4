import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../app/query-client';
import { json } from '../../test/fixtures';
import { logIn, renderApp } from '../../test/render';

beforeEach(() => queryClient.clear());

const item = (id: number, numero: string | null, statut: string) => ({
  id,
  numero,
  statut,
  createdAt: '2026-11-02T10:00:00Z',
  dateValidite: '2026-11-15',
  client: { id: 3, nom: 'Mairie de Thiès' },
  nombreLignes: 2,
  totalHt: 50_000,
  totalTtc: 59_000,
  vente: null,
});

const PAGE = {
  items: [item(7, 'D-2026-000007', 'expire'), item(8, null, 'brouillon')],
  total: 2,
  page: 1,
  size: 8,
  totaux: { nombre: 2, totalHt: 100_000, totalTtc: 118_000 },
};

describe('/pages/devis', () => {
  it('shows « Expiré » and drafts by number, the totals of the filtered set, and sends the status filter', async () => {
    logIn(['ROLE_PROPRIETAIRE']);
    const urls: string[] = [];
    renderApp('/pages/devis?statut=expire&sort=date_validite,asc', (url) => {
      if (url.startsWith('/api/services/1/devis?')) {
        urls.push(url);
        return json(200, PAGE);
      }
      return undefined;
    });
    const table = await screen.findByTestId('devis-table');
    const rows = within(table.querySelector('tbody')!);
    expect(await rows.findByRole('link', { name: 'D-2026-000007' })).toHaveAttribute(
      'href',
      '/pages/devis/7',
    );
    expect(rows.getByRole('link', { name: 'Brouillon n° 8' })).toHaveAttribute(
      'href',
      '/pages/devis/8',
    );
    expect(rows.getAllByTestId('devis-statut').map((t) => t.textContent)).toEqual([
      'Expiré',
      'Brouillon',
    ]);
    expect(screen.getByTestId('devis-totaux-liste').textContent?.replace(/\s/g, ' ')).toMatch(
      /Devis2Total HT100 000 FCFATotal TTC118 000 FCFA/,
    );
    const sent = new URL(urls.at(-1)!, 'http://x').searchParams;
    expect(Object.fromEntries(sent)).toEqual({
      page: '1',
      size: '8',
      sort: 'date_validite,asc',
      statut: 'expire',
    });
  });
});
