/**
 * Where the interface sounds play: the room player's own AudioContext (one audio clock per
 * page, so a cue can never disturb the music's sync), and whether the room's music plays now.
 * The player provides it while a room is open; elsewhere there is none and nothing sounds.
 */
export type SoundOutput = { context: () => AudioContext | null; playing: () => boolean };

let output: SoundOutput | null = null;

/** Makes the output the one cues play through; answers the function that withdraws it. */
export function provideSoundOutput(next: SoundOutput): () => void {
  output = next;
  return () => {
    if (output === next) output = null;
  };
}

export function currentSoundOutput(): SoundOutput | null {
  return output;
}
