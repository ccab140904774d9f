// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { RealtimeStatus } from '../../lib/realtime/realtime-client';
import type { SyncState } from './engine/sync-state';
import { BACK_IN_SYNC_MS, useBadgeState } from './useBadgeState';

afterEach(() => vi.useRealTimers());

const badge = (sync: SyncState, connection: RealtimeStatus) =>
  renderHook((props) => useBadgeState(props.sync, props.connection), {
    initialProps: { sync, connection },
  });

describe('the sync badge and the connection', () => {
  it('says Reconnecting… while the connection is lost, however well the page still plays', () => {
    const { result, rerender } = badge('inSync', 'open');
    expect(result.current).toBe('inSync');
    rerender({ sync: 'inSync', connection: 'lost' });
    expect(result.current).toBe('reconnecting');
    rerender({ sync: 'idle', connection: 'lost' });
    expect(result.current).toBe('reconnecting');
  });

  it('says Back in sync once connected and in sync again, then In sync', () => {
    vi.useFakeTimers();
    const { result, rerender } = badge('inSync', 'open');
    rerender({ sync: 'inSync', connection: 'lost' });
    rerender({ sync: 'syncing', connection: 'open' });
    expect(result.current).toBe('syncing');
    rerender({ sync: 'inSync', connection: 'open' });
    expect(result.current).toBe('backInSync');
    act(() => vi.advanceTimersByTime(BACK_IN_SYNC_MS - 1));
    expect(result.current).toBe('backInSync');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('inSync');
  });

  it('the first connection is no return', () => {
    const { result, rerender } = badge('syncing', 'connecting');
    rerender({ sync: 'inSync', connection: 'open' });
    expect(result.current).toBe('inSync');
  });
});
