import { ConfigLayoutOptions } from './ConfigLayoutOptions';
import { ConfigPanel } from './ConfigPanel';
import { useLayout } from './LayoutContext';

/**
 * The appearance panel on the right, opened by the gear button. In minimal mode only the scale
 * and the themes are offered (the auth screens use ConfigPanel alone, see AuthLayout).
 */
export function AppConfig({
  minimal = false,
  floating = true,
}: {
  minimal?: boolean;
  floating?: boolean;
}) {
  const { config, setConfig } = useLayout();
  return (
    <ConfigPanel floating={floating}>
      {!minimal && <ConfigLayoutOptions config={config} onChange={setConfig} />}
    </ConfigPanel>
  );
}
