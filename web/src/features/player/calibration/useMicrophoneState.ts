import { useEffect, useState } from 'react';
import { microphoneState, onMicrophonesChange, type MicrophoneState } from './microphone';

/** Whether this browser has a microphone, followed as devices come and go (null: not known yet). */
export function useMicrophoneState(): MicrophoneState | null {
  const [state, setState] = useState<MicrophoneState | null>(null);
  useEffect(() => {
    let current = true;
    const read = () =>
      void microphoneState().then(
        (next) => current && setState(next),
        () => current && setState('unsupported'),
      );
    read();
    const stop = onMicrophonesChange(read);
    return () => {
      current = false;
      stop();
    };
  }, []);
  return state;
}
