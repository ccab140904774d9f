// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import type { PlayerView } from '@music-rooms/domain/player';
import userEvent from '@testing-library/user-event';
import { playerModel, playerView, syncedClock, trackSummary } from './player-fixtures.test-support';
import { renderInApp, setupComponentTests } from '../../app/shell/render-app.test-support';
import { RealtimeClient } from '../../lib/realtime/realtime-client';
import { RealtimeProvider } from '../../lib/realtime/realtime-context';
import { DEFAULT_OUTPUT, outputDelays } from './output-delay';
import { playerSettings } from './player-settings';
import { SyncPopover } from './SyncPopover';

setupComponentTests();

afterEach(() => localStorage.clear());

/** The room plays this, or nothing at all (`null`). */
const playing = playerView(trackSummary('Sinnerman', 200_000), { state: { playing: true } });

async function openPopover(view: PlayerView | null = null) {
  const { model } = playerModel(await syncedClock(), view, {
    status: view?.state.playing ? { sync: 'inSync', driftMs: 0.4 } : {},
  });
  // The test sound and the calibration reach the room over its realtime connection.
  renderInApp(
    <RealtimeProvider client={new RealtimeClient()}>
      <SyncPopover
        player={model}
        trigger={
          <button type="button">
            <span role="status">In sync</span>
          </button>
        }
      />
    </RealtimeProvider>,
  );
  await userEvent.click(screen.getByRole('button', { name: 'In sync' }));
  return screen.findByRole('dialog', { name: 'Sync' });
}

const LABEL = 'This device’s output delay';

describe('the output delay in the sync popover', () => {
  it('is typed or dragged, kept for the default output within −50…+500 ms', async () => {
    await openPopover();
    const field = screen.getByRole('spinbutton', { name: LABEL });
    expect(screen.getByText(/Bluetooth speakers/)).toBeInTheDocument();

    await userEvent.clear(field);
    await userEvent.type(field, '150');
    expect(outputDelays.get(DEFAULT_OUTPUT)).toEqual({ ms: 150, source: 'manual' });
    expect(screen.getByRole('slider', { name: LABEL })).toHaveValue('150');

    fireEvent.change(screen.getByRole('slider', { name: LABEL }), { target: { value: '320' } });
    expect(outputDelays.get(DEFAULT_OUTPUT).ms).toBe(320);
    expect(field).toHaveValue(320);

    await userEvent.clear(field);
    await userEvent.type(field, '900');
    await userEvent.tab();
    expect(outputDelays.get(DEFAULT_OUTPUT).ms).toBe(500);
    expect(field).toHaveValue(500);
  });

  it('shows how a delay was set, and starts tapping along from a button', async () => {
    outputDelays.set(DEFAULT_OUTPUT, { ms: 163, source: 'tapped' });
    await openPopover();
    expect(screen.getByRole('spinbutton', { name: LABEL })).toHaveValue(163);
    expect(screen.getByText(/Set by tapping along\./)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Tap along' }));
    expect(screen.getByText('Tap with the clicks you hear', { exact: false })).toBeInTheDocument();
    // No click has sounded yet (the player is not running): a tap answers none.
    await userEvent.click(screen.getByRole('button', { name: /^Tap$/ }));
    expect(screen.getByText('Taps: 0 of 8')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(screen.getByRole('button', { name: 'Tap along' })).toBeInTheDocument();
  });
});

/** A browser with one microphone (jsdom has none), asked for nothing beyond listing it. */
function withMicrophone() {
  const devices = {
    getUserMedia: () => Promise.reject(new Error('not asked for in these tests')),
    enumerateDevices: async () => [{ kind: 'audioinput', deviceId: 'mic' }],
    addEventListener: () => {},
    removeEventListener: () => {},
  };
  Object.defineProperty(navigator, 'mediaDevices', { value: devices, configurable: true });
  return () => Reflect.deleteProperty(navigator, 'mediaDevices');
}

describe('the room sounds of a muted page', () => {
  afterEach(() => playerSettings.update({ volume: 0.8, muted: false }));

  it('says the test sound will not click here, and that calibrating needs its sound on', async () => {
    const removeMicrophone = withMicrophone();
    try {
      playerSettings.update({ muted: true });
      await openPopover(playing);
      expect(screen.getByText(/sound is off, so it will not click/)).toBeInTheDocument();
      const calibrate = screen.getByRole('button', { name: 'Calibrate by listening' });
      expect(calibrate).toBeDisabled();
      expect(screen.getByText(/its own chirp must be heard/)).toBeInTheDocument();

      // A volume at zero is as silent as a mute; a page with its sound on may calibrate.
      act(() => playerSettings.update({ muted: false, volume: 0 }));
      expect(calibrate).toBeDisabled();
      act(() => playerSettings.update({ volume: 0.5 }));
      expect(calibrate).toBeEnabled();
      expect(screen.queryByText(/its own chirp must be heard/)).not.toBeInTheDocument();
      expect(screen.queryByText(/it will not click/)).not.toBeInTheDocument();
    } finally {
      removeMicrophone();
    }
  });
});

describe('calibrating while nothing plays', () => {
  it('is not offered, and the popover says why: only devices playing in sync chirp', async () => {
    const removeMicrophone = withMicrophone();
    try {
      await openPopover(playerView(trackSummary('Sinnerman', 200_000)));
      expect(screen.getByRole('button', { name: 'Calibrate by listening' })).toBeDisabled();
      expect(screen.getByText(/Nothing plays in the room now/)).toBeInTheDocument();
      // The rest of the popover is there all the same.
      expect(screen.getByRole('button', { name: 'Play a test sound' })).toBeEnabled();
      expect(screen.getByRole('button', { name: 'Tap along' })).toBeEnabled();
    } finally {
      removeMicrophone();
    }
  });
});
