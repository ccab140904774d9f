import { z } from 'zod';
import {
  DEV_DOWNLOAD_SCHEMES,
  DEV_SERVICE_LIMITS,
  type ArtistComparison,
  type DevDownloadLink,
  type DevServiceAccount,
  type DevServiceOutcome,
} from '../dev-services';
import type { ResolvedLink, ServiceSearchResult } from '../yandex-music';
import {
  serviceLinkSchema,
  serviceSearchSchema,
  serviceTokenSchema,
  serviceTrackIdSchema,
} from '../schemas/yandex-music';
import { text } from '../schemas/text';
import { VALIDATION } from '../schemas/validation-keys';
import { action } from './define';

const token = serviceTokenSchema;

/**
 * The devServices.* functions of /dev/yandex-music-test(-v2) and /dev/artist-search-comparison.
 * The token of the streaming service travels with each call, as the import's does, and is
 * never stored; every answer is the outcome with its raw exchanges, the token masked. Everyone
 * but a super administrator is told "not found".
 */
export const DEV_SERVICE_FUNCTIONS = {
  'devServices.account': action(z.object({ token })).returns<
    DevServiceOutcome<DevServiceAccount>
  >(),
  'devServices.resolve': action(z.object({ token, url: serviceLinkSchema })).returns<
    DevServiceOutcome<ResolvedLink>
  >(),
  'devServices.search': action(z.object({ token, query: serviceSearchSchema })).returns<
    DevServiceOutcome<ServiceSearchResult>
  >(),
  /** A track's file and signed link by one download scheme, and how the link answers. */
  'devServices.downloadInfo': action(
    z.object({ token, trackId: serviceTrackIdSchema, scheme: z.enum(DEV_DOWNLOAD_SCHEMES) }),
  ).returns<DevServiceOutcome<DevDownloadLink>>(),
  /** One artist name on Spotify and on the streaming service (with a token), and stored ids. */
  'devServices.compareArtists': action(
    z.object({
      name: text()
        .trim()
        .min(1, { message: VALIDATION.required, abort: true })
        .max(DEV_SERVICE_LIMITS.artistNameMax, { message: VALIDATION.maxLength }),
      token: token.optional(),
    }),
  ).returns<ArtistComparison>(),
} as const;
