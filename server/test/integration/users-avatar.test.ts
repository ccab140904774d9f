import { AUTH_ERRORS } from '@music-rooms/domain';
import type { Factories, FunctionBody, JsonReply, SessionClient } from '../helpers/factories';
import { describe, expect, test as it } from '../helpers/fixtures';
import {
  JPEG_64X64,
  JPEG_65X64,
  PNG_64X64,
  jpegCutShort,
  jpegHeaderThenJunk,
  jpegLongerThan,
  jpegWithTrailingJunk,
} from '../fixtures/avatars';

type Reply = JsonReply<FunctionBody>;

const call = (client: SessionClient, path: string, args: unknown) =>
  client.call(path, args) as Promise<Reply>;
const avatarOf = async (f: Factories, id: string) =>
  ((await call(f.guest(), 'users.getById', { id })).body.value as { avatar: string }).avatar;

describe('avatars: users.updateAvatar and users.generateNewAvatarColor', () => {
  it('accepts a real 64×64 JPEG from the crop dialog and shows it to everyone', async ({ f }) => {
    const { user, client } = await f.signedInUser();
    const res = await call(client, 'users.updateAvatar', { id: user.id, avatar: JPEG_64X64 });
    expect(res.status).toBe(200);
    expect(res.body.value).toEqual({ avatar: JPEG_64X64 });
    expect(await avatarOf(f, user.id)).toBe(JPEG_64X64);
  });

  it('accepts a #rrggbb colour', async ({ f }) => {
    const { user, client } = await f.signedInUser();
    await call(client, 'users.updateAvatar', { id: user.id, avatar: '#12ab9f' });
    expect(await avatarOf(f, user.id)).toBe('#12ab9f');
  });

  it.for([
    ['a 65×64 JPEG', JPEG_65X64],
    ['a PNG data URL', PNG_64X64],
    ['a PNG labelled as JPEG', PNG_64X64.replace('image/png', 'image/jpeg')],
    ['a JPEG cut short', JPEG_64X64.slice(0, 200)],
    ['a JPEG cut short with its end marker put back', jpegCutShort()],
    ['a 64×64 JPEG header followed by junk', jpegHeaderThenJunk()],
    ['a JPEG with bytes hidden after its end', jpegWithTrailingJunk()],
    ['a real 64×64 JPEG longer than the 200 000 character cap', jpegLongerThan(200_000)],
    ['a string of 300 000 base64 characters', `data:image/jpeg;base64,${'A'.repeat(300_000)}`],
    ['no string at all', 42],
    ['garbage base64', 'data:image/jpeg;base64,aGVsbG8gd29ybGQ='],
    ['a colour name', 'red'],
    ['a short colour', '#fff'],
    ['an image link', 'https://example.com/me.jpg'],
    ['an SVG data URL', 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4='],
  ] as const)(
    'refuses %s (validation.invalidFormat) and keeps the old avatar',
    async ([_what, avatar], { f }) => {
      const { user, client } = await f.signedInUser();
      const res = await call(client, 'users.updateAvatar', { id: user.id, avatar });
      expect(res.status).toBe(560);
      expect(res.body.errorData.code).toBe('validation');
      expect(res.body.errorData.key).toBe('validation.invalidFormat');
      expect(await avatarOf(f, user.id)).toBe(user.avatar);
    },
  );

  it('replaces a photo with a new random colour and answers it', async ({ f }) => {
    const { user, client } = await f.signedInUser();
    await call(client, 'users.updateAvatar', { id: user.id, avatar: JPEG_64X64 });
    const res = await call(client, 'users.generateNewAvatarColor', { id: user.id });
    expect(res.body.value).toMatch(/^#[0-9a-f]{6}$/);
    expect(await avatarOf(f, user.id)).toBe(res.body.value);
    const again = await call(client, 'users.generateNewAvatarColor', { id: user.id });
    expect(again.body.value).not.toBe(res.body.value);
  });

  it("refuses a guest and someone else's id", async ({ f }) => {
    const victim = await f.user();
    const { client } = await f.signedInUser();
    for (const path of ['users.updateAvatar', 'users.generateNewAvatarColor']) {
      const args = { id: victim.user.id, avatar: '#000000' };
      const asGuest = await call(f.guest(), path, args);
      expect(asGuest.body.errorData).toEqual({
        code: 'not_signed_in',
        key: AUTH_ERRORS.notSignedIn,
      });
      const asOther = await call(client, path, args);
      expect(asOther.body.errorData).toEqual({ code: 'forbidden', key: AUTH_ERRORS.forbidden });
    }
    expect(await avatarOf(f, victim.user.id)).toBe(victim.user.avatar);
  });
});
