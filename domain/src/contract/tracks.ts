import { z } from 'zod';
import type {
  PlaylistSummary,
  TrackDetails,
  TrackListResult,
  TrackSummary,
  UploadView,
} from '../tracks';
import type { PlaylistId, TrackId } from '../ids';
import { playlistIdSchema, removalIdSchema, roomIdSchema, trackIdSchema } from '../schemas/ids';
import { roomAccessArgs } from '../schemas/rooms';
import {
  duplicateChoiceSchema,
  playlistNameSchema,
  trackIdsSchema,
  trackListArgsSchema,
  trackTagsSchema,
  trackTitleSchema,
  uploadIdSchema,
} from '../schemas/tracks';
import { mutation, query } from './define';

/** The outcome of one item of a batch: done, or refused with the key of the reason. */
export type BatchItemResult = { id: TrackId; ok: boolean; error?: string };

/**
 * The tracks.* and playlists.* functions: the room's library, its playlists, batch edit and
 * removal, covers, duplicates and maintenance. Bytes travel over tus (/api/uploads), never here.
 */
export const TRACK_FUNCTIONS = {
  'tracks.list': query(trackListArgsSchema).returns<TrackListResult>(),
  'tracks.get': query(z.object({ id: trackIdSchema, ...roomAccessArgs })).returns<TrackDetails>(),
  'tracks.update': mutation(
    trackTagsSchema.extend({ id: trackIdSchema, title: trackTitleSchema }),
  ).returns<TrackSummary>(),
  'tracks.updateMany': mutation(
    z.object({ ids: trackIdsSchema, changes: trackTagsSchema }),
  ).returns<{ results: BatchItemResult[] }>(),
  /** The removal's id undoes it with `tracks.restore` for a while (TRACK_UNDO_WINDOW_MS). */
  'tracks.remove': mutation(z.object({ id: trackIdSchema })).returns<{
    removed: true;
    /** Null for a track removed while it was processing: that cannot be undone. */
    removalId: string | null;
  }>(),
  'tracks.removeMany': mutation(z.object({ ids: trackIdsSchema })).returns<{
    results: BatchItemResult[];
    /** One removal per room whose ready tracks were removed. */
    removalIds: string[];
  }>(),
  /** Puts removed tracks back where they were, while the removal may still be undone. */
  'tracks.restore': mutation(z.object({ removalId: removalIdSchema })).returns<{
    restored: number;
  }>(),
  'tracks.reorder': mutation(
    z.object({ playlistId: playlistIdSchema, ids: trackIdsSchema }),
  ).returns<{ reordered: number }>(),
  /** A cover uploaded over tus (kind "cover"), or null to go back to the file's own cover. */
  'tracks.setCover': mutation(
    z.object({ id: trackIdSchema, uploadId: uploadIdSchema.nullable() }),
  ).returns<TrackSummary>(),
  'tracks.resolveDuplicate': mutation(
    z.object({ uploadId: uploadIdSchema, choice: duplicateChoiceSchema }),
  ).returns<UploadView>(),
  /** Without `confirm`, only counts the tracks of zero duration; with it, re-reads them. */
  'tracks.fixDurations': mutation(z.object({ confirm: z.boolean().default(false) })).returns<{
    total: number;
    fixed: number;
  }>(),
  /** The caller's own uploads into a room, live (the upload panel after a reload). */
  'uploads.list': query(z.object({ roomId: roomIdSchema })).returns<UploadView[]>(),
  'uploads.cancel': mutation(z.object({ uploadId: uploadIdSchema })).returns<UploadView>(),
  'playlists.list': query(z.object({ roomId: roomIdSchema, ...roomAccessArgs })).returns<
    PlaylistSummary[]
  >(),
  'playlists.create': mutation(
    z.object({ roomId: roomIdSchema, name: playlistNameSchema }),
  ).returns<{ _id: PlaylistId }>(),
  'playlists.rename': mutation(
    z.object({ id: playlistIdSchema, name: playlistNameSchema }),
  ).returns<PlaylistSummary>(),
  /**
   * Removes a playlist and its entries; a track then in no playlist goes to the end of the
   * default playlist, which itself stays.
   */
  'playlists.remove': mutation(z.object({ id: playlistIdSchema })).returns<{ removed: true }>(),
  /**
   * Puts tracks of the room at the end of a playlist, in the order given. Refused, changing
   * nothing, when one of them is in it already (`tracks.errors.alreadyInPlaylist`).
   */
  'playlists.addTracks': mutation(
    z.object({ playlistId: playlistIdSchema, ids: trackIdsSchema }),
  ).returns<{ added: number }>(),
  /**
   * Takes tracks out of one playlist; they stay in the room and their other playlists (one then
   * in none goes to the end of the default playlist). The default playlist refuses: a track
   * leaves it by being deleted.
   */
  'playlists.removeTracks': mutation(
    z.object({ playlistId: playlistIdSchema, ids: trackIdsSchema }),
  ).returns<{ removed: number }>(),
} as const;
