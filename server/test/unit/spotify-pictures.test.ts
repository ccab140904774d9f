import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SpotifyClient } from '../../src/services/spotify/client';
import { SpotifyDouble } from '../helpers/spotify-double';

describe("Spotify's pictures, read by the server", () => {
  let spotify: SpotifyDouble;
  let client: SpotifyClient;
  beforeAll(async () => {
    spotify = await new SpotifyDouble().start();
    client = new SpotifyClient({
      accountsUrl: spotify.url,
      apiUrl: spotify.url,
      clientId: spotify.client.id,
      clientSecret: spotify.client.secret,
      requestTimeoutMs: 5000,
      retryAfterWaitMaxMs: 0,
    });
  });
  afterAll(() => spotify.close());

  test("come from Spotify's image hosts or the API's own origin", async () => {
    expect(await client.picture(`${spotify.url}/images/a-64.png`)).toBeInstanceOf(Buffer);
  });

  test('are never fetched from anywhere else, nor over plain http, nor from odd addresses', async () => {
    const before = spotify.requests.length;
    for (const address of [
      'http://127.0.0.2:1/images/a.png',
      'http://i.scdn.co/image/ab67616d00004851',
      'https://i.scdn.co.example.com/image/x',
      'https://notscdn.co/image/x',
      'file:///etc/passwd',
      'not a url',
    ]) {
      expect(await client.picture(address)).toBeNull();
    }
    expect(spotify.requests.length).toBe(before);
  });
});
