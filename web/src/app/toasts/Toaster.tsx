import { Suspense, lazy, useState, type ComponentType } from 'react';
import { useToasts } from './useToasts';

// Radix's toast code loads with the first notice: most visits start without one. (Not through
// build-updates' loadChunk: that module raises notices itself.) A chunk gone with a new build
// leaves the notices unseen rather than breaking the page.
const nothing: ComponentType = () => null;
const ToastArea = lazy(() =>
  import('./ToastArea').then(
    (module): { default: ComponentType } => ({ default: module.ToastArea }),
    () => ({ default: nothing }),
  ),
);

/** The toast area, from the first notice on (it then stays, so F8 keeps reaching it). */
export function Toaster() {
  const toasts = useToasts();
  const [needed, setNeeded] = useState(false);
  if (toasts.length > 0 && !needed) setNeeded(true);
  if (!needed && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ToastArea />
    </Suspense>
  );
}
