import path from 'node:path';
import { expect } from 'vitest';
import {
  asRoomId,
  type PlaybackManifest,
  type TrackId,
  type TrackSummary,
} from '@music-rooms/domain';
import type { RoomRow } from '../../src/services/rooms/store';
import { findPlaybackCopy } from '../../src/services/tracks/playback-store';
import type { TestApp } from './app';
import type { SessionClient } from './factories';
import { decodeFlac } from './flac';
import { audioMetadata, tusUpload, waitForTrack } from './tracks';

/** Uploads a file into the room over tus and waits until its track is ready. */
export async function uploadReadyTrack(
  t: TestApp,
  client: SessionClient,
  room: RoomRow,
  file: string,
  title: string,
): Promise<TrackSummary> {
  const roomId = asRoomId(room.id);
  const name = `Tester - ${title}${path.extname(file)}`;
  await tusUpload(t, client, file, audioMetadata(roomId, name));
  return waitForTrack(client, roomId, (x) => x.title === title && x.status === 'ready', 60_000);
}

/** `GET /api/tracks/{id}/playback`, with the room pass in the query when given. */
export async function fetchManifest(client: SessionClient, id: string, query = '') {
  const res = await client.fetch(`/api/tracks/${id}/playback${query}`);
  const body = (await res.json()) as PlaybackManifest & { key?: string };
  return { status: res.status, body };
}

/** The manifest of a track the client may play (fails the test otherwise). */
export async function manifestOf(client: SessionClient, id: string, query = '') {
  const { status, body } = await fetchManifest(client, id, query);
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}

/** One segment's bytes, as the player asks for them. */
export async function fetchSegment(
  client: SessionClient,
  manifest: PlaybackManifest,
  index: number,
) {
  const segment = manifest.segments[index]!;
  const res = await client.fetch(manifest.dataUrl, {
    headers: { range: `bytes=${segment.byteStart}-${segment.byteEnd - 1}` },
  });
  expect(res.status).toBe(206);
  return Buffer.from(await res.arrayBuffer());
}

/** Each segment's sample count: up to the next one's first sample, or to the end. */
export const segmentLengths = (manifest: PlaybackManifest) =>
  manifest.segments.map(
    (segment, i) => (manifest.segments[i + 1]?.sample ?? manifest.totalSamples) - segment.sample,
  );

/** The segments cover the whole file from its first frame: no gap, no overlap. */
export function expectSegmentsCover(manifest: PlaybackManifest, fileSize: number) {
  const { segments } = manifest;
  expect(segments.length).toBeGreaterThan(0);
  expect(segments[0]!.sample).toBe(0);
  expect(segments[segments.length - 1]!.byteEnd).toBe(fileSize);
  segments.forEach((segment, i) => {
    expect(segment.byteEnd).toBeGreaterThan(segment.byteStart);
    if (i === 0) return;
    expect(segment.byteStart).toBe(segments[i - 1]!.byteEnd);
    expect(segment.sample).toBeGreaterThan(segments[i - 1]!.sample);
  });
  expect(segments[segments.length - 1]!.sample).toBeLessThan(manifest.totalSamples);
}

/**
 * Decodes each segment alone (the manifest's header, then its bytes fetched by Range) and checks
 * that they are as long as the manifest says and, end to end, the very samples of the file.
 */
export async function expectSegmentsDecodeToWhole(
  client: SessionClient,
  manifest: PlaybackManifest,
) {
  const header = Buffer.from(manifest.headerBase64, 'base64');
  const parts: Buffer[] = [];
  for (let i = 0; i < manifest.segments.length; i += 1) {
    parts.push(await decodeFlac(Buffer.concat([header, await fetchSegment(client, manifest, i)])));
  }
  const frameBytes = 2 * manifest.channels;
  expect(parts.map((part) => part.length / frameBytes)).toEqual(segmentLengths(manifest));
  const whole = Buffer.from(await (await client.fetch(manifest.dataUrl)).arrayBuffer());
  expectSegmentsCover(manifest, whole.length);
  expect(Buffer.concat(parts).equals(await decodeFlac(whole))).toBe(true);
}

/** The copy recorded for a track, read from the database. */
export const recordedCopy = (t: TestApp, id: string) =>
  findPlaybackCopy(t.app.database.db, id as TrackId);
