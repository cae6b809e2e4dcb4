import { CATEGORIE_SORTS, categorieInputSchema } from '@comptoir/shared';
import { NamedRefsScreen } from '../../components/NamedRefsScreen';
import { WithShop } from '../../components/WithShop';
import type { ListSpec } from '../../lib/list-params';
import { useListParams } from '../../lib/use-list-params';
import { useSession } from '../../lib/use-session';
import { useCategories, useCreateCategorie, useDeleteCategorie, useUpdateCategorie } from './api';

const LIST: ListSpec = { sorts: CATEGORIE_SORTS };

function Categories({ serviceId }: { serviceId: number }) {
  const { role } = useSession();
  const list = useListParams(LIST);
  return (
    <NamedRefsScreen
      title="Catégories"
      noun="catégorie"
      testId="categories-table"
      list={list}
      query={useCategories(serviceId, list.query)}
      schema={categorieInputSchema}
      create={useCreateCategorie(serviceId)}
      update={useUpdateCategorie(serviceId)}
      remove={useDeleteCategorie(serviceId)}
      canDelete={role === 'ROLE_PROPRIETAIRE'}
    />
  );
}

/** /pages/categories (manager and owner): the current shop's categories; the owner deletes. */
export default function CategoriesRoute() {
  return <WithShop>{(serviceId) => <Categories key={serviceId} serviceId={serviceId} />}</WithShop>;
}
