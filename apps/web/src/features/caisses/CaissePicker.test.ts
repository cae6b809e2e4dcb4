import type { Caisse } from '@comptoir/shared';
import { describe, expect, it } from 'vitest';
import { caisseParDefaut } from './CaissePicker';

const caisse = (id: number, ouverte: boolean): Caisse => ({
  id,
  nom: `Caisse ${id}`,
  largeurTicket: null,
  session: ouverte
    ? { id: id * 10, fond: 0, ouvertPar: { id: 1, prenom: 'Awa', nom: 'Diop' }, ouverteLe: '' }
    : null,
});

describe('caisse qui encaisse une vente au bureau', () => {
  it('celle de cet appareil si elle est ouverte, sinon la première ouverte, sinon aucune', () => {
    const caisses = [caisse(1, false), caisse(2, true), caisse(3, true)];
    expect(caisseParDefaut(caisses, 3)).toBe(3);
    expect(caisseParDefaut(caisses, 1)).toBe(2);
    expect(caisseParDefaut(caisses, null)).toBe(2);
    expect(caisseParDefaut([caisse(1, false)], 1)).toBeNull();
    expect(caisseParDefaut([], null)).toBeNull();
  });
});
