import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { venteBody, type PaiementSaisi } from '@comptoir/shared';
import { PaymentDialog } from './PaymentDialog';

/** The payment dialog of the point of sale with a customer holding credit (issue 15). */
describe('PaymentDialog and the customer’s credit', () => {
  const open = (avoirDisponible: number) => {
    const onSubmit = vi.fn();
    render(
      <PaymentDialog
        total={3550}
        devise="XOF"
        hasClient
        avoirDisponible={avoirDisponible}
        customer={null}
        submitting={false}
        error={null}
        onClose={() => undefined}
        onSubmit={onSubmit}
      />,
    );
    return { dialog: screen.getByRole('dialog', { name: /Paiement/ }), onSubmit };
  };

  it('shows the credit, offers it for what is due (at most the credit), refuses more, and sends it apart from the payments', async () => {
    const user = userEvent.setup();
    const { dialog, onSubmit } = open(2500);
    // A no-break space before « : » (the matcher of toHaveTextContent would fold it).
    expect(within(dialog).getByTestId('avoir-disponible').textContent).toMatch(
      /^Avoir disponible\u00A0: 2\s500\sFCFA$/,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Avoir' }));
    const avoir = within(dialog).getByRole('group', { name: 'Paiement 2 : Avoir' });
    const montant = within(avoir).getByLabelText('Montant');
    // Shown formatted, or raw while being typed in.
    expect((montant as HTMLInputElement).value).toMatch(/^2\s?500(\sFCFA)?$/);
    // No reference for a credit, and it is offered once.
    expect(within(avoir).queryByLabelText('Référence')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Avoir' })).toBeNull();
    expect(within(dialog).getByTestId('pay-reste')).toHaveTextContent(/^1\s050\sFCFA$/);

    // More than the credit: refused before sending.
    await user.clear(montant);
    await user.type(montant, '3000');
    expect(
      await within(dialog).findByText("L'avoir utilisé dépasse l'avoir disponible du client."),
    ).toBeInTheDocument();
    const validate = within(dialog).getByRole('button', { name: /Valider la vente/ });
    expect(validate).toBeDisabled();

    // 2 000 of credit and the rest in cash.
    await user.clear(montant);
    await user.type(montant, '2000');
    await user.type(within(dialog).getByLabelText('Montant reçu'), '2000');
    await waitFor(() =>
      expect(within(dialog).getByTestId('pay-reste')).toHaveTextContent(/^0\sFCFA$/),
    );
    expect(within(dialog).getByTestId('pay-rendu')).toHaveTextContent(/^450\sFCFA$/);
    await user.click(validate);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const [drafts, echeance] = onSubmit.mock.calls[0] as [PaiementSaisi[], string | null];
    expect(echeance).toBeNull();
    const body = venteBody(
      {
        cle: 'cle-0123456789',
        typeVenteId: 1,
        clientId: 4,
        lignes: [],
        remiseGlobale: null,
        paiements: drafts,
        echeance,
      },
      3550,
    );
    expect(body.avoir).toBe(2000);
    expect(body.paiements).toEqual([
      { mode: 'especes', montant: 1550, recu: 2000, operateur: null, reference: null },
    ]);
  });

  it('offers no credit to a customer without any', () => {
    const { dialog } = open(0);
    expect(within(dialog).queryByTestId('avoir-disponible')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Avoir' })).toBeNull();
  });
});
