import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FunctionArgs } from '@music-rooms/domain/functions';
import {
  FIRST_READS_ELEMENT_ID,
  roomInfoRead,
  roomReads,
  type FirstRead,
} from '@music-rooms/domain/first-reads';

/**
 * A room page's first reads, answered in the page itself: the room's info by its address and,
 * when that names a room, the room and its player, read as the viewer whose page it is (the
 * same functions, so the same permissions, as POST /api/query). The page's entry takes them
 * (web/src/lib/realtime/early-reads.ts) instead of asking: on a busy phone each of those reads
 * waited for the page's main thread, and the player's music for all of them.
 *
 * A read that fails is left out (the page asks for it and hears the failure as before), and so
 * is everything once the reads take longer than `WAIT_MS`. The page goes out before them, up to
 * its last element (web-app.ts), and its scripts load meanwhile; they run once it has ended, so
 * a server slower than that holds them, and the page then asks for itself.
 */
const WAIT_MS = 1000;

type Read = (path: string, args: FunctionArgs) => Promise<FirstRead | null>;

export async function roomFirstReads(
  app: FastifyInstance,
  request: FastifyRequest,
  roomUrl: string,
): Promise<FirstRead[]> {
  const caller = await app.resolveCaller(request).catch(() => null);
  if (caller === null) return [];
  const read: Read = async (path, args) => {
    const definition = app.functions.find(path);
    if (!definition) return null;
    const outcome = await app.functions.run(definition, args, { ...caller, address: request.ip });
    return outcome.status === 'success' ? { path, args, value: outcome.value ?? null } : null;
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<FirstRead[]>((resolve) => {
    timer = setTimeout(() => resolve([]), WAIT_MS);
  });
  try {
    return await Promise.race([readAll(read, roomUrl), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The info, then the room and its player side by side, with the args the page asks them with. */
async function readAll(read: Read, roomUrl: string): Promise<FirstRead[]> {
  const info = roomInfoRead(roomUrl);
  const infoRead = await read(info.path, info.args);
  if (!infoRead) return [];
  const roomId = (infoRead.value as { room?: { _id?: unknown } } | null)?.room?._id;
  if (typeof roomId !== 'string') return [infoRead];
  const answers = await Promise.all(roomReads(roomId).map(({ path, args }) => read(path, args)));
  return [infoRead, ...answers.filter((answer): answer is FirstRead => answer !== null)];
}

/**
 * The reads as a script element of the page: JSON, with `<` escaped so that no value (a room's
 * name, say) can end the element or open another.
 */
export function firstReadsElement(reads: readonly FirstRead[]): string {
  const json = JSON.stringify(reads).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${FIRST_READS_ELEMENT_ID}">${json}</script>`;
}
