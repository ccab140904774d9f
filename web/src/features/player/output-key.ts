import { DEFAULT_OUTPUT } from './output-delay';

/**
 * Which audio output a delay is kept for: the output the page's AudioContext plays to when the
 * browser names it (`sinkId`, chosen with `setSinkId`), else the system default. Browsers do not
 * say which device the default is, so a Bluetooth speaker taken as the default shares its value.
 */
export function outputKeyOf(context: AudioContext | null): string {
  const sinkId = (context as { sinkId?: unknown } | null)?.sinkId;
  return typeof sinkId === 'string' && sinkId !== '' ? sinkId : DEFAULT_OUTPUT;
}
