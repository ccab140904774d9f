import {
  SPOTIFY_LIMITS,
  type SpotifyMatchCandidate,
  type SpotifyTrack,
  type SpotifyTrackMatch,
  type TrackId,
} from '@music-rooms/domain';
import type { SpotifyClient } from './client';
import { searchSpotify } from './catalog';

/** What of a room's track a match is judged on. */
export type TrackFacts = {
  id: TrackId;
  title: string;
  artist: string | null;
  durationMs: number;
  isrc: string | null;
};

/**
 * A name reduced to what identifies it: case, accents, ё, punctuation, a bracketed or dashed
 * suffix ("(Remastered 2011)", "- Live") and featured artists do not tell two songs apart.
 */
export function comparableName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/\s[-–—]\s.*$/u, '')
    .replace(/[([{].*?[)\]}]/gu, ' ')
    .replace(/\b(feat|ft|featuring)\b\.?.*$/u, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Each artist a credit names ("A & B", "A, B", "A feat. B"). */
function artistNames(credit: string): string[] {
  return credit
    .split(/\s*(?:,|&|;|\/|\bfeat\.?|\bft\.?|\bfeaturing|\bx\b|\band\b|\bи\b)\s*/iu)
    .map(comparableName)
    .filter(Boolean);
}

function sameArtist(track: TrackFacts, candidate: SpotifyTrack): boolean {
  if (!track.artist) return false;
  const ours = new Set(artistNames(track.artist));
  return candidate.artists.some((artist) => ours.has(comparableName(artist.name)));
}

/** How sure a candidate is, and why; null when it is not the track at all. */
export function judgeCandidate(
  track: TrackFacts,
  candidate: SpotifyTrack,
): SpotifyMatchCandidate | null {
  const durationDeltaMs = candidate.durationMs - track.durationMs;
  const base = { track: candidate, durationDeltaMs };
  if (track.isrc && candidate.isrc === track.isrc.toUpperCase()) {
    return { ...base, confidence: 1, reason: 'isrc' };
  }
  if (comparableName(candidate.name) !== comparableName(track.title)) return null;
  const tolerance = SPOTIFY_LIMITS.durationToleranceMs;
  const closeness = Math.abs(durationDeltaMs) / tolerance;
  const artist = sameArtist(track, candidate);
  if (closeness <= 1) {
    return artist
      ? { ...base, confidence: round(0.95 - 0.1 * closeness), reason: 'artistTitleDuration' }
      : { ...base, confidence: round(0.6 - 0.1 * closeness), reason: 'titleDuration' };
  }
  return artist ? { ...base, confidence: 0.4, reason: 'artistTitle' } : null;
}

const round = (value: number) => Math.round(value * 100) / 100;

/** Spotify's field filters take the words without quotes that would end them. */
const filterValue = (value: string) => value.replace(/["]/g, ' ').trim();

/** The searches to make for a track, in order: its ISRC, then its artist and title. */
export function matchQueries(track: TrackFacts): string[] {
  const queries: string[] = [];
  if (track.isrc) queries.push(`isrc:${track.isrc.toUpperCase()}`);
  const title = `track:${filterValue(track.title)}`;
  queries.push(track.artist ? `${title} artist:${filterValue(track.artist)}` : title);
  return queries;
}

/**
 * What Spotify has that could be the track, best first: an ISRC match ends the search; else the
 * artist-and-title search's candidates, judged on names and duration.
 */
export async function findSpotifyMatches(
  client: SpotifyClient,
  track: TrackFacts,
): Promise<SpotifyTrackMatch> {
  const queries = matchQueries(track);
  const asked: string[] = [];
  const byId = new Map<string, SpotifyMatchCandidate>();
  for (const query of queries) {
    asked.push(query);
    const page = await searchSpotify(client, { query, kind: 'track', offset: 0 });
    for (const candidate of page.tracks) {
      const judged = judgeCandidate(track, candidate);
      const known = byId.get(candidate.id);
      if (judged && (!known || known.confidence < judged.confidence))
        byId.set(candidate.id, judged);
    }
    if ([...byId.values()].some((candidate) => candidate.reason === 'isrc')) break;
  }
  const candidates = [...byId.values()].sort(
    (a, b) =>
      b.confidence - a.confidence || Math.abs(a.durationDeltaMs) - Math.abs(b.durationDeltaMs),
  );
  return { trackId: track.id, queries: asked, candidates };
}
