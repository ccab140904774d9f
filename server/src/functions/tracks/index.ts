import { playlistFunctions } from './playlists';
import { trackFunctions } from './tracks';
import { uploadFunctions } from './uploads';

/** Every tracks.*, playlists.* and uploads.* function. */
export const allTrackFunctions = [...trackFunctions, ...playlistFunctions, ...uploadFunctions];
