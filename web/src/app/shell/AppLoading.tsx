import { AudioLines } from 'lucide-react';

/** Shown while the first page's code loads (usually too short to notice). */
export function AppLoading() {
  return (
    <div className="app-loading" aria-busy="true">
      <span className="app-loading__mark" aria-hidden>
        <AudioLines size={26} strokeWidth={2.4} />
      </span>
    </div>
  );
}
