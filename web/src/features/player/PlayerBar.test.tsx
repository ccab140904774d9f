// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RoomRole } from '@music-rooms/domain/rooms';
import { PlayerBar } from './PlayerBar';
import { playerSettings } from './player-settings';
import type { PlayerModel } from './usePlayer';
import { RealtimeClient } from '../../lib/realtime/realtime-client';
import { RealtimeProvider } from '../../lib/realtime/realtime-context';
import { answerFunctions } from '../../lib/api/function-calls.test-support';
import {
  playerModel,
  playerView,
  syncedClock,
  trackDetails,
  trackSummary,
} from './player-fixtures.test-support';
import { member, roomAs, sessionUser } from '../rooms/room-fixtures.test-support';
import { renderInApp, setupComponentTests } from '../../app/shell/render-app.test-support';

setupComponentTests();

const me = sessionUser('Mia');
const song = trackSummary('Sinnerman', 3_723_000);

beforeEach(() => {
  // The page's clocks stand still: however long a loaded machine takes to render the bar, the
  // times it shows are the ones the test computed. Timers still run, for the screen's waits.
  vi.useFakeTimers({ toFake: ['performance', 'Date'] });
  // jsdom lays nothing out: the bar's height is watched, never measured here.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
  answerFunctions({
    'tracks.get': () => ({ value: trackDetails(song) }),
    'rooms.getRoomUsers': () => ({ value: { members: [member('Bob')], requests: [] } }),
  });
});

afterEach(() => {
  vi.useRealTimers();
  playerSettings.update({ volume: 0.8, muted: false, normalize: true });
  localStorage.clear();
});

/** The bar in a room where Mia, signed in, has `role`; live queries are read over HTTP. */
function showBar(player: PlayerModel, role: RoomRole = 'participant') {
  const client = new RealtimeClient();
  const ui = (model: PlayerModel) => (
    <RealtimeProvider client={client}>
      <PlayerBar room={roomAs(role)} pass={{}} player={model} empty={false} />
    </RealtimeProvider>
  );
  const shown = renderInApp(ui(player), { user: me });
  return { ...shown, show: (model: PlayerModel) => shown.rerender(ui(model)) };
}

const bar = () => within(screen.getByRole('region', { name: 'Player' }));
const button = (name: string) => bar().getByRole('button', { name });

describe('PlayerBar', () => {
  it('lets a member control the room, and sends what they press', async () => {
    const { model, commands } = playerModel(await syncedClock(), playerView(song));
    showBar(model);

    for (const name of ['Previous track', 'Play', 'Next track', 'Repeat: off', 'Shuffle: off']) {
      expect(button(name)).toBeEnabled();
    }
    expect(bar().getByRole('slider', { name: 'Position in the track' })).toBeEnabled();
    await userEvent.click(button('Play'));
    await userEvent.click(button('Repeat: off'));
    await userEvent.click(button('Shuffle: off'));
    expect(commands).toEqual([
      { type: 'play' },
      { type: 'repeat', mode: 'all' },
      { type: 'shuffle', on: true },
    ]);
  });

  it("disables the room's controls for a viewer, but not their own volume", async () => {
    const view = playerView(song, { canControl: false, state: { playing: true } });
    const { model, commands } = playerModel(await syncedClock(), view);
    showBar(model, 'viewer');

    for (const name of ['Previous track', 'Pause', 'Next track', 'Repeat: off', 'Shuffle: off']) {
      expect(button(name)).toBeDisabled();
    }
    expect(bar().getByRole('slider', { name: 'Position in the track' })).toBeDisabled();
    // Said beside the controls; the whole reason on hover or focus.
    expect(bar().getByText('Listening')).toBeVisible();
    expect(button('Mute')).toBeEnabled();
    expect(bar().getByRole('slider', { name: 'Volume' })).toBeEnabled();
    expect(button('Normalize volume: on')).toBeEnabled();

    await userEvent.keyboard(' ');
    expect(commands).toEqual([]);
  });

  it('says the host controls, where only the host does, to someone who otherwise could', async () => {
    const view = playerView(song, { canControl: false, playbackControl: 'host' });
    showBar(playerModel(await syncedClock(), view).model, 'participant');
    expect(button('Play')).toBeDisabled();
    expect(bar().getByText('Host controls')).toBeVisible();
    expect(bar().queryByRole('button', { name: 'Become host' })).toBeNull();
  });

  it('labels the host: you, the owner, a member by name, or nobody', async () => {
    const clock = await syncedClock();
    const withHost = (hostId: string | null) => playerModel(clock, playerView(song, { hostId }));
    const { show } = showBar(withHost(me.id).model);
    expect(bar().getByText('You are the host')).toBeVisible();

    show(withHost('user-olga').model);
    expect(bar().getByText('Host: Olga')).toBeVisible();

    // Anyone else is found in the room's members list.
    show(withHost('user-bob').model);
    expect(await bar().findByText('Host: Bob')).toBeVisible();

    show(withHost(null).model);
    expect(bar().getByText('No host')).toBeVisible();
  });

  it('shows the sync state, and opens its figures from the badge by click or keyboard', async () => {
    const clock = await syncedClock();
    const view = playerView(song, { state: { playing: true } });
    const inSync = playerModel(clock, view, { status: { sync: 'inSync', driftMs: 1.24 } });
    const { show } = showBar(inSync.model);

    const badge = bar().getByRole('status');
    expect(badge).toHaveTextContent('In sync');
    await userEvent.click(badge);
    const details = await screen.findByRole('dialog', { name: 'Sync' });
    expect(details).toHaveFocus();
    expect(details).toHaveTextContent('Offset from the room1.2 ms');
    expect(details).toHaveTextContent('Output latencynot measured yet');
    expect(details).toHaveTextContent('This device’s output delay0 ms');
    expect(details).toHaveTextContent(
      /Server clock-?\d+\.\d ms from this device’s clock, ±3\.0 ms \(round trip 6\.0 ms\)/,
    );
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    const trigger = bar().getByRole('button', { name: 'In sync' });
    expect(trigger).toHaveFocus();

    show(playerModel(clock, view, { status: { sync: 'syncing' } }).model);
    expect(bar().getByRole('status')).toHaveTextContent('Syncing');
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Sync' })).toHaveTextContent(
      'Offset from the roomnot measured yet',
    );
    await userEvent.keyboard('{Escape}');

    show(playerModel(clock, view, { status: { sync: 'syncError' } }).model);
    expect(bar().getByRole('status')).toHaveTextContent('Sync error');
  });

  it('lets the space bar tap along rather than play or pause, even once the popover is left', async () => {
    const view = playerView(song, { state: { playing: true } });
    const { model, commands } = playerModel(await syncedClock(), view, {
      status: { sync: 'inSync', driftMs: 0 },
    });
    showBar(model);
    await userEvent.click(bar().getByRole('status'));
    await userEvent.click(await screen.findByRole('button', { name: 'Tap along' }));
    await userEvent.keyboard(' ');
    (document.activeElement as HTMLElement).blur();
    await userEvent.keyboard(' ');
    expect(commands).toEqual([]);
    expect(screen.getByText('Taps: 0 of 8')).toBeInTheDocument();
  });

  it('offers "Click to start playback" while the browser blocks audio, and the sync popover when nothing plays', async () => {
    const clock = await syncedClock();
    const unlock = vi.fn();
    const view = playerView(song, { state: { playing: true } });
    const { show } = showBar(
      playerModel(clock, view, { status: { sync: 'blocked' }, onUnlock: unlock }).model,
    );

    await userEvent.click(button('Click to start playback'));
    expect(unlock).toHaveBeenCalled();
    expect(bar().queryByRole('status')).toBeNull();

    show(playerModel(clock, playerView(song), { status: { sync: 'idle' } }).model);
    expect(bar().queryByRole('button', { name: 'Click to start playback' })).toBeNull();
    expect(bar().getByRole('status')).toHaveTextContent('Not playing');
    // Paused, this device's delay, tapping along and the test sound are one click away.
    await userEvent.click(button('Not playing'));
    const popover = await screen.findByRole('dialog', { name: 'Sync' });
    expect(
      within(popover).getByRole('spinbutton', { name: 'This device’s output delay' }),
    ).toBeInTheDocument();
    expect(within(popover).getByRole('button', { name: 'Play a test sound' })).toBeEnabled();
    expect(within(popover).getByRole('button', { name: 'Tap along' })).toBeEnabled();
  });

  it('shows the elapsed and total time as a clock, hours when the track has them', async () => {
    const clock = await syncedClock();
    const paused = playerView(song, { state: { positionMs: 65_400 } });
    const { show } = showBar(playerModel(clock, paused).model);
    expect(bar().getByLabelText('Elapsed')).toHaveTextContent('1:05');
    expect(bar().getByLabelText('Total time')).toHaveTextContent('1:02:03');
    expect(bar().getByRole('slider', { name: 'Position in the track' })).toHaveAttribute(
      'aria-valuetext',
      '1:05 / 1:02:03',
    );

    // Playing, the time follows the server's clock: started 61 s ago (by the server) is 1:01.
    const serverNow = clock.serverNow()!;
    const playing = playerView(song, {
      state: { playing: true, positionMs: 0, atServerMs: serverNow - 61_000 },
    });
    show(playerModel(clock, playing).model);
    expect(bar().getByLabelText('Elapsed')).toHaveTextContent('1:01');
  });

  it('keeps volume, mute and "normalize volume" in localStorage', async () => {
    const { model } = playerModel(await syncedClock(), playerView(song));
    showBar(model);
    const stored = () =>
      JSON.parse(localStorage.getItem('music-rooms:player') ?? 'null') as unknown;
    const volume = () => bar().getByRole<HTMLInputElement>('slider', { name: 'Volume' });

    fireEvent.change(volume(), { target: { value: '35' } });
    expect(stored()).toEqual({ volume: 0.35, muted: false, normalize: true });

    await userEvent.click(button('Mute'));
    expect(stored()).toEqual({ volume: 0.35, muted: true, normalize: true });
    expect(button('Unmute')).toHaveAttribute('aria-pressed', 'true');
    expect(volume().value).toBe('0');

    await userEvent.click(button('Unmute'));
    await userEvent.click(button('Normalize volume: on'));
    expect(stored()).toEqual({ volume: 0.35, muted: false, normalize: false });
    expect(volume().value).toBe('35');
  });
});
