import { TOPICS } from '@music-rooms/domain';
import { viewerOf } from '../caller';
import { handOverHost } from '../../services/player/host';
import { commandPlayer } from '../../services/player/playback';
import { planCalibration, playTestSound } from '../../services/player/room-sounds';
import { getPlayerView, playerChannel } from '../../services/player/view';
import { tellTrackChange } from '../../services/rooms/activity-news';
import { defineMutation, defineQuery } from '../define';

/** Commands that move the player to another track. */
const TRACK_MOVES = new Set<string>(['next', 'previous', 'select']);

/** The room's shared player (design §4): the live view, commands, handing over the host. */
export const playerFunctions = [
  // The playback settled to now, the current and next tracks, the host, what the caller may do.
  defineQuery('player.get', async (ctx, { roomId, ...pass }) => {
    ctx.watch(TOPICS.player(roomId));
    ctx.watch(TOPICS.tracks(roomId));
    ctx.watch(TOPICS.presence(roomId));
    ctx.watch(TOPICS.room(roomId));
    ctx.watch(TOPICS.roomUsers(roomId));
    const view = await getPlayerView(ctx.deps, viewerOf(ctx), roomId, pass);
    ctx.share(playerChannel(roomId, view));
    return view;
  }),
  // Play, pause, seek, next, previous, select, repeat, shuffle (participants and above).
  defineMutation('player.command', async (ctx, input) => {
    const { state, changed } = await commandPlayer(ctx.deps, viewerOf(ctx), input);
    if (changed) ctx.publish(TOPICS.player(input.roomId));
    const { userId } = ctx.caller;
    // The room's members hear who moved to another track (the activity line); a failure to
    // tell them is no failure of the command.
    if (changed && userId && TRACK_MOVES.has(input.command.type)) {
      void tellTrackChange(ctx.deps, userId, input.roomId, state).catch((err: unknown) =>
        ctx.deps.log.error({ err }, 'room activity failed'),
      );
    }
    return { state };
  }),
  // The owner or an admin hands the host label to a present member.
  defineMutation('player.handOver', async (ctx, input) => {
    const result = await handOverHost(ctx.deps, viewerOf(ctx), input);
    ctx.publish(TOPICS.player(input.roomId));
    return result;
  }),
  // Anyone who may view the room: one click on every page present, at one instant.
  defineMutation('player.testSound', (ctx, input) => playTestSound(ctx.deps, ctx.caller, input)),
  // Anyone who may view the room: the pages in sync chirp for the asking page to listen to.
  defineMutation('player.calibrate', (ctx, input) => planCalibration(ctx.deps, ctx.caller, input)),
];
