import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { contentSecurityPolicy } from '../../src/plugins/security';
import { openStorage, storageOrigin } from '../../src/storage';

const keys = { S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' };

async function policyFor(env: Record<string, string>) {
  const config = loadConfig({ PUBLIC_URL: 'https://music.example', ...env });
  return contentSecurityPolicy(config.publicUrl, await storageOrigin(config));
}

/** Every directive's sources that are neither the site's own nor made in the page. */
function outsideSources(policy: Record<string, string[] | null>) {
  const own = new Set(["'self'", "'none'", "'unsafe-inline'", 'data:', 'blob:', 'ws:', 'wss:']);
  return Object.fromEntries(
    Object.entries(policy)
      .map(([name, sources]) => [name, (sources ?? []).filter((s) => !own.has(s))] as const)
      .filter(([, sources]) => sources.length > 0),
  );
}

describe('the Content-Security-Policy', () => {
  it('names no outside origin with local storage', async () => {
    expect(outsideSources(await policyFor({}))).toEqual({});
  });

  // Covers are <img> redirects and playback copies fetch() redirects to presigned links.
  it.each([
    [
      'an endpoint, path style',
      { S3_ENDPOINT: 'http://127.0.0.1:9000/', S3_BUCKET: 'tracks' },
      'http://127.0.0.1:9000',
    ],
    [
      'AWS, the bucket as a subdomain',
      { S3_BUCKET: 'tracks', S3_REGION: 'eu-west-1' },
      'https://tracks.s3.eu-west-1.amazonaws.com',
    ],
    [
      'AWS, a bucket with dots on the path',
      { S3_BUCKET: 'media.tracks', S3_REGION: 'eu-west-1' },
      'https://s3.eu-west-1.amazonaws.com',
    ],
    [
      'a public address in front of the endpoint',
      {
        S3_ENDPOINT: 'http://10.0.0.5:9000',
        S3_PUBLIC_URL: 'https://media.music.example/s3/',
        S3_BUCKET: 'tracks',
      },
      'https://media.music.example',
    ],
  ])('lets images and fetches reach the bucket at %s, and nothing else', async (_, env, origin) => {
    expect(outsideSources(await policyFor({ STORAGE: 's3', ...keys, ...env }))).toEqual({
      imgSrc: [origin],
      connectSrc: [origin],
    });
  });

  it.each([
    { S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'tracks' },
    { S3_BUCKET: 'tracks', S3_REGION: 'eu-west-1' },
    { S3_ENDPOINT: 'http://10.0.0.5:9000', S3_PUBLIC_URL: 'https://cdn.example', S3_BUCKET: 't' },
  ])('allows the very origin presigned links point at (%o)', async (env) => {
    const config = loadConfig({ STORAGE: 's3', ...keys, ...env });
    const link = await openStorage(config).presignedUrl!('covers/track-1.webp', 60);
    expect(new URL(link).origin).toBe(await storageOrigin(config));
  });
});
