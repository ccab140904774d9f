import type { ReactNode } from 'react';
import * as RadixTooltip from '@radix-ui/react-tooltip';
import { LIMITS } from '@music-rooms/domain/limits';

type TooltipProviderProps = { children: ReactNode };

/** Tooltips open after LIMITS.tooltipDelayMs and then move instantly between neighbours. */
export function TooltipProvider({ children }: TooltipProviderProps) {
  return (
    <RadixTooltip.Provider delayDuration={LIMITS.tooltipDelayMs} skipDelayDuration={200}>
      {children}
    </RadixTooltip.Provider>
  );
}
