import { WithShop } from '../../../components/WithShop';
import { CaisseGate } from '../../caisses';
import { enAttenteCaisse } from '../hors-ligne/file';
import { PosScreen } from './PosScreen';

/** /pages/ventes (owner and manager): the point of sale of the current shop, on an open register. */
export default function PosRoute() {
  return (
    <WithShop>
      {(serviceId) => (
        <CaisseGate
          key={serviceId}
          serviceId={serviceId}
          enAttente={(caisseId) => enAttenteCaisse(serviceId, caisseId)}
        >
          {(caisseId) => <PosScreen key={caisseId} serviceId={serviceId} caisseId={caisseId} />}
        </CaisseGate>
      )}
    </WithShop>
  );
}
