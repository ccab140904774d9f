/** Why the microphone cannot be listened to, or that it can. */
export type MicrophoneState = 'available' | 'none' | 'unsupported';

/** Whether this browser has a microphone at all (before asking for permission to use it). */
export async function microphoneState(): Promise<MicrophoneState> {
  const devices = navigator.mediaDevices;
  if (!devices?.getUserMedia || !devices.enumerateDevices) return 'unsupported';
  const inputs = (await devices.enumerateDevices()).filter(({ kind }) => kind === 'audioinput');
  return inputs.length > 0 ? 'available' : 'none';
}

/** Hears microphones come and go. Answers the function that stops. */
export function onMicrophonesChange(listener: () => void): () => void {
  const devices = navigator.mediaDevices;
  devices?.addEventListener?.('devicechange', listener);
  return () => devices?.removeEventListener?.('devicechange', listener);
}

/** The microphone refused: by the person or the browser (`denied`), or there is none. */
export class MicrophoneRefusal extends Error {
  constructor(readonly reason: 'denied' | 'none') {
    super(`The microphone could not be opened: ${reason}`);
  }
}

/**
 * Opens the microphone as it is: no echo cancellation (it would take out the very chirps the
 * speakers play), no noise suppression, no automatic gain (each would move the sound in time or
 * level in ways a matched filter does not expect).
 */
export async function openMicrophone(): Promise<MediaStream> {
  try {
    return await navigator.mediaDevices.getUserMedia({
      audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false },
    });
  } catch (error) {
    const name = error instanceof DOMException ? error.name : '';
    if (name === 'NotAllowedError' || name === 'SecurityError')
      throw new MicrophoneRefusal('denied');
    if (name === 'NotFoundError' || name === 'OverconstrainedError') {
      throw new MicrophoneRefusal('none');
    }
    throw error;
  }
}

/**
 * What was recorded: mono samples at the context's rate, and about when (page ms) the first of
 * them was heard (within the input's latency and a buffer: enough to know where to look).
 */
export type RecordedSound = { samples: Float32Array; sampleRate: number; startedAt: number };

/**
 * Records the microphone through the player's own AudioContext, sample by sample: the samples
 * are what the matched filter compares, so no codec may shift or smear them. The stream stays
 * open for the next recording: whoever opened it stops it (the browser's "recording" mark then
 * goes away).
 */
export function recordMicrophone(context: AudioContext, stream: MediaStream) {
  const input = context.createMediaStreamSource(stream);
  // Deprecated, but the one way to read raw samples with no module file (an AudioWorklet's
  // module would need a script source the page's policy does not allow).
  const processor = context.createScriptProcessor(4096, 1, 1);
  const silent = context.createGain();
  silent.gain.value = 0;
  const chunks: Float32Array[] = [];
  const startedAt = performance.now();
  processor.onaudioprocess = (event) => chunks.push(event.inputBuffer.getChannelData(0).slice());
  input.connect(processor).connect(silent).connect(context.destination);
  return {
    stop(): RecordedSound {
      processor.onaudioprocess = null;
      input.disconnect();
      processor.disconnect();
      silent.disconnect();
      const samples = new Float32Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
      let offset = 0;
      for (const chunk of chunks) {
        samples.set(chunk, offset);
        offset += chunk.length;
      }
      return { samples, sampleRate: context.sampleRate, startedAt };
    },
  };
}
