import type { LayoutConfig } from '@comptoir/shared';
import { InputSwitch } from 'primereact/inputswitch';
import { RadioButton } from 'primereact/radiobutton';

interface Props {
  config: LayoutConfig;
  onChange: (patch: Partial<LayoutConfig>) => void;
}

const MENU_TYPES = [
  { value: 'static', label: 'Statique' },
  { value: 'overlay', label: 'Superposé' },
] as const;

const INPUT_STYLE_OPTIONS = [
  { value: 'outlined', label: 'Avec contour' },
  { value: 'filled', label: 'Rempli' },
] as const;

/** Menu type, input style and ripple: hidden in minimal mode. */
export function ConfigLayoutOptions({ config, onChange }: Props) {
  return (
    <>
      <fieldset className="layout-config-section">
        <legend>Type de menu</legend>
        {MENU_TYPES.map((o) => (
          <div key={o.value} className="layout-config-option">
            <RadioButton
              inputId={`menu-mode-${o.value}`}
              name="menuMode"
              value={o.value}
              checked={config.menuMode === o.value}
              onChange={() => onChange({ menuMode: o.value })}
            />
            <label htmlFor={`menu-mode-${o.value}`}>{o.label}</label>
          </div>
        ))}
      </fieldset>
      <fieldset className="layout-config-section">
        <legend>Style des champs</legend>
        {INPUT_STYLE_OPTIONS.map((o) => (
          <div key={o.value} className="layout-config-option">
            <RadioButton
              inputId={`input-style-${o.value}`}
              name="inputStyle"
              value={o.value}
              checked={config.inputStyle === o.value}
              onChange={() => onChange({ inputStyle: o.value })}
            />
            <label htmlFor={`input-style-${o.value}`}>{o.label}</label>
          </div>
        ))}
      </fieldset>
      <section className="layout-config-section" aria-labelledby="config-ripple-title">
        <h3 id="config-ripple-title">Effet d'onde</h3>
        <div className="layout-config-option">
          <InputSwitch
            inputId="config-ripple"
            checked={config.ripple}
            onChange={(e) => onChange({ ripple: e.value })}
          />
          <label htmlFor="config-ripple">Activer l'effet d'onde sur les boutons</label>
        </div>
      </section>
    </>
  );
}
