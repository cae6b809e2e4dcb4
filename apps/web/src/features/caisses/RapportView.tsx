import {
  formatMoney,
  MODE_PAIEMENT_LABELS,
  MOUVEMENT_CAISSE_LABELS,
  type CaisseSessionDetail,
} from '@comptoir/shared';

/** The figures of an X or Z report: totals, then expected, counted and variance per mode. */
export function RapportView({ session, devise }: { session: CaisseSessionDetail; devise: string }) {
  const r = session.rapport;
  const money = (n: number) => formatMoney(n, devise);
  const modes = r.modes.filter(
    (m) => m.mode === 'especes' || m.attendu !== 0 || (m.compte ?? 0) !== 0,
  );
  return (
    <div data-testid="rapport-caisse">
      <h3 className="mt-0">
        {r.type === 'Z' ? `Rapport Z ${r.numero}` : 'Rapport X (provisoire)'}
      </h3>
      <table className="w-full">
        <tbody>
          <tr>
            <td>Fond de caisse</td>
            <td className="text-right">{money(r.fond)}</td>
          </tr>
          <tr>
            <td>Ventes ({r.ventes.nombre})</td>
            <td className="text-right" data-testid="rapport-ventes">
              {money(r.ventes.total)}
            </td>
          </tr>
          <tr>
            <td>Retours ({r.retours.nombre})</td>
            <td className="text-right">{money(r.retours.total)}</td>
          </tr>
          <tr>
            <td>Apports − retraits</td>
            <td className="text-right">{money(r.apports - r.retraits)}</td>
          </tr>
          <tr>
            <td>Dépenses payées en caisse</td>
            <td className="text-right" data-testid="rapport-depenses">
              {money(r.depenses)}
            </td>
          </tr>
        </tbody>
      </table>
      <table className="w-full mt-3">
        <thead>
          <tr>
            <th className="text-left">Mode</th>
            <th className="text-right">Attendu</th>
            <th className="text-right">Compté</th>
            <th className="text-right">Écart</th>
          </tr>
        </thead>
        <tbody>
          {modes.map((m) => (
            <tr key={m.mode} data-testid={`rapport-mode-${m.mode}`}>
              <td>{MODE_PAIEMENT_LABELS[m.mode]}</td>
              <td className="text-right">{money(m.attendu)}</td>
              <td className="text-right">{m.compte === null ? '—' : money(m.compte)}</td>
              <td className="text-right">{m.ecart === null ? '—' : money(m.ecart)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {r.ecart !== null && (
        <p data-testid="rapport-ecart">
          <strong>Écart total : {money(r.ecart)}</strong>
          {r.motifEcart && <> — motif : {r.motifEcart}</>}
        </p>
      )}
      {session.mouvements.length > 0 && (
        <ul className="pl-3">
          {session.mouvements.map((m) => (
            <li key={m.id}>
              {m.numero} · {MOUVEMENT_CAISSE_LABELS[m.type]} · {money(m.montant)} · {m.motif}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
