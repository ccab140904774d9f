/**
 * How long an integration test waits for a value to arrive (`expect.poll`, `eventually`): a live
 * value may take seconds on a loaded machine, and a background job (an ffmpeg run at the lowest
 * priority beside the audio journeys) over 15 s on a slow one. Only a check that fails waits
 * that long.
 */
export const POLL_TIMEOUT_MS = 60_000;
