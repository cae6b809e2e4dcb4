import { MARQUE_SORTS, marqueInputSchema } from '@comptoir/shared';
import { NamedRefsScreen } from '../../components/NamedRefsScreen';
import { WithShop } from '../../components/WithShop';
import type { ListSpec } from '../../lib/list-params';
import { useListParams } from '../../lib/use-list-params';
import { useCreateMarque, useDeleteMarque, useMarques, useUpdateMarque } from './api';

const LIST: ListSpec = { sorts: MARQUE_SORTS };

function Marques({ serviceId }: { serviceId: number }) {
  const list = useListParams(LIST);
  return (
    <NamedRefsScreen
      title="Marques"
      noun="marque"
      testId="marques-table"
      list={list}
      query={useMarques(serviceId, list.query)}
      schema={marqueInputSchema}
      create={useCreateMarque(serviceId)}
      update={useUpdateMarque(serviceId)}
      remove={useDeleteMarque(serviceId)}
      canDelete
    />
  );
}

/** /pages/marques (owner): the current shop's brands. */
export default function MarquesRoute() {
  return <WithShop>{(serviceId) => <Marques key={serviceId} serviceId={serviceId} />}</WithShop>;
}
