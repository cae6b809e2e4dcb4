import { Dropdown } from 'primereact/dropdown';
import { reloadPage } from '../lib/navigation';
import { selectService } from '../lib/session';
import { useSession } from '../lib/use-session';

/**
 * The owner's shop switcher: the chosen shop is found by id in the stored list, saved as the
 * current one, and the page reloads so that every screen starts again on that shop
 * (docs/regles-metier.md).
 */
export function ShopSwitcher() {
  const { services, service } = useSession();
  const onChange = (id: unknown) => {
    if (typeof id !== 'number' || id === service?.id) return;
    if (selectService(id)) reloadPage();
  };
  return (
    <div className="layout-shop-switcher">
      <i className="pi pi-shop" aria-hidden="true" />
      <Dropdown
        value={service?.id ?? null}
        options={services}
        optionLabel="nom"
        optionValue="id"
        onChange={(e) => onChange(e.value)}
        aria-label="Boutique"
        placeholder="Choisir une boutique"
        appendTo="self"
        className="w-full"
        data-testid="shop-switcher"
        emptyMessage="Aucune boutique"
      />
    </div>
  );
}
