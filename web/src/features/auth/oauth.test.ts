import { describe, expect, it } from 'vitest';
import { oauthUrl, parseOAuthMessage, popupFeatures } from './oauth';

describe('the provider popup', () => {
  it('is 960×600, centred on the app window', () => {
    const features = popupFeatures({
      screenX: 100,
      screenY: 50,
      outerWidth: 1600,
      outerHeight: 1000,
    });
    expect(features).toBe('popup=yes,width=960,height=600,left=420,top=250');
  });

  it('stays on screen when the window is smaller than the popup', () => {
    expect(popupFeatures({ screenX: 0, screenY: 0, outerWidth: 400, outerHeight: 300 })).toContain(
      'left=0,top=0',
    );
  });

  it('starts sign-in at /auth/{provider} and linking at /api/auth/link-{provider}', () => {
    expect(oauthUrl('signIn', 'github', '/room/1', true)).toBe(
      '/auth/github?popup=1&returnTo=%2Froom%2F1',
    );
    expect(oauthUrl('link', 'google', '/settings', false)).toBe(
      '/api/auth/link-google?returnTo=%2Fsettings',
    );
  });

  it('takes only the popup’s own messages', () => {
    const user = {
      id: 'u1',
      email: 'a@example.com',
      type: 'github',
      username: 'ada',
      name: 'Ada',
      avatar: '#123456',
      superadmin: false,
      hasPassword: false,
      providers: ['github'],
    };
    const message = {
      type: 'music-rooms:oauth',
      provider: 'github',
      mode: 'signIn',
      ok: true,
      success: 'auth.success.signedIn',
      user,
    };
    expect(parseOAuthMessage(message)).toEqual({ ...message, error: undefined });
    expect(parseOAuthMessage({ ...message, type: 'other' })).toBeNull();
    expect(parseOAuthMessage({ ...message, provider: 'myspace' })).toBeNull();
    expect(parseOAuthMessage('music-rooms:oauth')).toBeNull();
    expect(parseOAuthMessage({ ...message, user: { id: 1 } })?.user).toBeUndefined();
  });
});
