import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { trackIdSchema, type TrackId } from '@music-rooms/domain';
import { requireSuperAdmin } from '../services/accounts/super-admin';
import { mediaFile } from '../services/tracks/media';
import { trackErrors } from '../services/tracks/errors';
import { findTrack } from '../services/tracks/store';
import { sendMediaFile } from './media';
import { bodySchemaOf } from './zod-schema';

const params = z.object({ id: trackIdSchema, which: z.enum(['audio', 'cover']) });
type DevMediaRequest = FastifyRequest<{ Params: { id: TrackId; which: 'audio' | 'cover' } }>;

/**
 * A track's audio or cover for the developer pages (`devTrackMediaPath`) (the duplicates' covers, the loudness
 * preview), in any room without its pass: a super administrator's only, 404 for anyone else.
 */
export async function devMediaRoutes(app: FastifyInstance) {
  const deps = () => ({ db: app.database.db, config: app.config, ...app.tracksRuntime });
  app.get(
    '/api/dev/tracks/:id/:which',
    { schema: { params: bodySchemaOf(params) } },
    async (request: DevMediaRequest, reply) => {
      await requireSuperAdmin(deps(), { userId: (await app.resolveCaller(request)).userId });
      const track = await findTrack(deps().db, request.params.id);
      const audio = request.params.which === 'audio';
      const file = track
        ? await mediaFile(
            deps(),
            audio ? track.audioKey : track.coverKey,
            audio ? track.mime : 'image/webp',
          )
        : null;
      if (!file) throw audio ? trackErrors.notFound() : trackErrors.coverNotFound();
      return sendMediaFile(request, reply, file, 0);
    },
  );
}
