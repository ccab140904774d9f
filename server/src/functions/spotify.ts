import { requireSuperAdmin } from '../services/accounts/super-admin';
import { searchSpotify } from '../services/spotify/catalog';
import { tracksToMatch } from '../services/spotify/match-store';
import { withInlinePictures } from '../services/spotify/pictures';
import { SPOTIFY_LIMITS } from '@music-rooms/domain';
import { roomMatches, startRoomMatch } from '../services/spotify/room-match';
import { confirmSpotifyMatch, findTrackOnSpotify } from '../services/spotify/track-match';
import { viewerOf } from './caller';
import { publishTracksChange } from './tracks/topics';
import { defineAction } from './define';

/** Spotify's catalogue for the developer pages (spec §2); a super administrator's only. */
export const spotifyFunctions = [
  defineAction('spotify.search', async (ctx, args) => {
    await requireSuperAdmin(ctx.deps, viewerOf(ctx));
    const page = await searchSpotify(ctx.deps.spotify, args);
    const [tracks, artists] = await Promise.all([
      withInlinePictures(ctx.deps.spotify, page.tracks),
      withInlinePictures(ctx.deps.spotify, page.artists),
    ]);
    return { ...page, tracks, artists };
  }),
  defineAction('spotify.tracksToMatch', async (ctx, { search }) => {
    await requireSuperAdmin(ctx.deps, viewerOf(ctx));
    return tracksToMatch(ctx.deps.db, search, SPOTIFY_LIMITS.tracksToMatchMax);
  }),
  defineAction('spotify.findTrack', async (ctx, { trackId }) =>
    findTrackOnSpotify(ctx.deps, viewerOf(ctx), trackId),
  ),
  defineAction('spotify.confirmMatch', async (ctx, args) => {
    const saved = await confirmSpotifyMatch(ctx.deps, viewerOf(ctx), args);
    publishTracksChange(ctx, [saved.roomId]);
    return saved;
  }),
  defineAction('spotify.roomMatches', async (ctx, { roomId }) => {
    await requireSuperAdmin(ctx.deps, viewerOf(ctx));
    return roomMatches(ctx.deps, roomId ?? null);
  }),
  defineAction('spotify.matchRoom', async (ctx, { roomId }) => {
    await requireSuperAdmin(ctx.deps, viewerOf(ctx));
    return startRoomMatch(ctx.deps, roomId);
  }),
];
