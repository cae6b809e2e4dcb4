import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ToastProvider, useToast } from './toast';

function Actions() {
  const show = useToast();
  return (
    <>
      <button
        type="button"
        onClick={() => {
          show({ severity: 'success', summary: 'Vente enregistrée' });
          show({ severity: 'info', summary: 'Ticket imprimé' });
        }}
      >
        Deux messages
      </button>
      <button type="button" onClick={() => show({ severity: 'warn', summary: 'Stock bas' })}>
        Un autre
      </button>
    </>
  );
}

describe('ToastProvider', () => {
  it('ne charge le Toast qu’au premier message ; les messages d’avant son arrivée s’affichent, dans l’ordre', async () => {
    const user = userEvent.setup();
    render(
      <ToastProvider>
        <Actions />
      </ToastProvider>,
    );
    expect(document.querySelector('.p-toast')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Deux messages' }));
    const first = await screen.findByText('Vente enregistrée');
    const second = await screen.findByText('Ticket imprimé');
    expect(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Un autre' }));
    expect(await screen.findByText('Stock bas')).toBeInTheDocument();
    expect(document.querySelectorAll('.p-toast')).toHaveLength(1);
  });
});
