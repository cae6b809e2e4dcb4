import { describe, expect, it } from 'vitest';
import { LineReader } from '../../../lib/progress-request';
import { importProgression } from './progression';

describe("progression d'un import", () => {
  it('dit chaque étape en français, avec les nombres groupés et la part faite', () => {
    expect(importProgression({ etape: 'envoi', faites: 512, total: 2048 })).toEqual({
      texte: 'Envoi du fichier au serveur : 25\u00a0%',
      pourcent: 25,
    });
    expect(importProgression({ etape: 'controle', faites: 8000, total: 20000 })).toEqual({
      texte: 'Contrôle des lignes : 8\u202f000 sur 20\u202f000',
      pourcent: 40,
    });
    expect(importProgression({ etape: 'ecriture', faites: 20000, total: 20000 })).toEqual({
      texte: 'Enregistrement des produits : 20\u202f000 sur 20\u202f000',
      pourcent: 100,
    });
    expect(importProgression({ etape: 'envoi', faites: 0, total: 0 }).pourcent).toBe(0);
  });

  it('dit la lecture du fichier, sans part tant que les lignes ne sont pas comptées', () => {
    expect(importProgression({ etape: 'lecture', faites: 0, total: 0 })).toEqual({
      texte: 'Lecture du fichier…',
      pourcent: null,
    });
    expect(importProgression({ etape: 'lecture', faites: 12000, total: 20001 })).toEqual({
      texte: 'Lecture du fichier : 12\u202f000 lignes sur 20\u202f001',
      pourcent: 59,
    });
    expect(importProgression({ etape: 'lecture', faites: 1, total: 1 }).texte).toBe(
      'Lecture du fichier : 1 ligne sur 1',
    );
  });

  it('lit les lignes complètes du flux au fil des morceaux reçus, une seule fois chacune', () => {
    const reader = new LineReader();
    let text = '{"etape":"controle","faites":1000,"total":2000}\n{"etape":"cont';
    expect(reader.next(text)).toEqual([{ etape: 'controle', faites: 1000, total: 2000 }]);
    text += 'role","faites":2000,"total":2000}\n';
    expect(reader.next(text)).toEqual([{ etape: 'controle', faites: 2000, total: 2000 }]);
    expect(reader.next(text)).toEqual([]);
    text += '{"resultat":{"importes":2}}\n';
    expect(reader.next(text)).toEqual([{ resultat: { importes: 2 } }]);
  });
});
