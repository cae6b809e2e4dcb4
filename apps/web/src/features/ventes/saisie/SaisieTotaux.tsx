import { formatMoney, type ResumePaiements, type VenteCalculee } from '@comptoir/shared';
import { DocumentTotaux } from '../../../components/document/DocumentTotaux';

interface Props {
  totaux: VenteCalculee;
  resume: ResumePaiements;
  devise: string;
}

/** The figures of the back-office sale: gross, discounts, HT, VAT, TTC, paid, rest, change. */
export function SaisieTotaux({ totaux, resume, devise }: Props) {
  return (
    <DocumentTotaux
      totaux={totaux}
      devise={devise}
      testId="vente-totaux"
      suivants={[
        ['Payé', resume.paye],
        ['Reste à payer', resume.reste],
      ]}
      gras={['Total TTC', 'Reste à payer']}
    >
      {resume.rendu > 0 && (
        <div className="flex justify-content-between gap-3">
          <dt>Monnaie à rendre</dt>
          <dd className="m-0 white-space-nowrap">{formatMoney(resume.rendu, devise)}</dd>
        </div>
      )}
    </DocumentTotaux>
  );
}
