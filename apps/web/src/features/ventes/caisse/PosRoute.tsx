import { WithShop } from '../../../components/WithShop';
import { PosScreen } from './PosScreen';

/** /pages/ventes (owner and manager): the point of sale of the current shop. */
export default function PosRoute() {
  return <WithShop>{(serviceId) => <PosScreen key={serviceId} serviceId={serviceId} />}</WithShop>;
}
