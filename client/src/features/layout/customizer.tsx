// Layout customizer: an offcanvas panel over the right edge (docs/behaviour.md#customizer).
// Rendered only while shown, so it costs the server render nothing, and its
// panel is a chunk of its own that hydration does not wait for.
import { Suspense } from 'react';
import { useAppSelector } from '../../hooks/store';
import { CustomizerPanel } from './lazy-parts';

export default function Customizer() {
  const shown = useAppSelector((s) => s.layout.showCustomizer);
  return shown ? (
    <Suspense fallback={null}>
      <CustomizerPanel />
    </Suspense>
  ) : null;
}
