import vm from 'node:vm';
import {
  AUTH_ERRORS,
  AUTH_ROUTES,
  AUTH_SUCCESS,
  OAUTH_POPUP_CHANNEL,
  OAUTH_POPUP_MESSAGE_TYPE,
  type SessionResponse,
} from '@music-rooms/domain';
import { describe, expect, oauthTest as it } from '../helpers/fixtures';
import { PUBLIC_URL, readPopupPage, runFlow, type PopupPage } from '../helpers/oauth-flow';

/** What the popup script did in a window with (or without) an opener. */
type ScriptRun = {
  posted: unknown[][];
  broadcast: unknown[];
  closeCalls: number;
  replaced: string[];
  /** Callbacks the script scheduled; a window that closed never runs them. */
  timers: (() => void)[];
};

/** Runs the served popup script against a minimal window, as a browser would after the page loads. */
function runPopupScript(source: string, page: PopupPage, withOpener: boolean): ScriptRun {
  const run: ScriptRun = { posted: [], broadcast: [], closeCalls: 0, replaced: [], timers: [] };
  const dataset = {
    message: JSON.stringify(page.message),
    targetOrigin: page.targetOrigin,
    channel: page.channel,
    fallback: page.fallback,
  };
  const opener = { postMessage: (...args: unknown[]) => void run.posted.push(args) };
  const window = {
    opener: withOpener ? opener : null,
    close: () => void run.closeCalls++,
    location: { replace: (url: string) => void run.replaced.push(url) },
  };
  class BroadcastChannel {
    constructor(readonly name: string) {}
    postMessage(message: unknown) {
      run.broadcast.push({ name: this.name, message });
    }
    close() {}
  }
  const setTimeout = (callback: () => void) => void run.timers.push(callback);
  const context = { window, document: { body: { dataset } }, BroadcastChannel, setTimeout, JSON };
  vm.runInNewContext(source, context);
  return run;
}

describe('provider sign-in in a popup', () => {
  it('ends on a page that messages the opener with the signed-in user', async ({
    f,
    providers,
  }) => {
    providers.google.claims = { sub: 'popup-g', email: 'pop@example.com', email_verified: true };
    const browser = f.guest();
    const end = await runFlow(browser, '/auth/google?popup=1&returnTo=/room/p');
    expect(end.status).toBe(200);
    expect(end.headers.get('content-type')).toMatch(/^text\/html/);
    expect(end.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(end.headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
    const page = readPopupPage(end.body);
    expect(page.scripts).toEqual(['/oauth-popup.js']);
    expect(page.inlineScripts).toBe(0);
    expect(page.targetOrigin).toBe(PUBLIC_URL);
    expect(page.fallback).toBe(`/auth?success=${AUTH_SUCCESS.signedIn}&returnTo=%2Froom%2Fp`);
    const session = (await browser.get<SessionResponse>(AUTH_ROUTES.session)).body.user;
    expect(page.message).toEqual({
      type: OAUTH_POPUP_MESSAGE_TYPE,
      provider: 'google',
      mode: 'signIn',
      ok: true,
      success: AUTH_SUCCESS.signedIn,
      user: session,
    });
    expect(session?.type).toBe('google');
  });

  it('reports a failure to the opener with its auth.errors key', async ({ f, providers }) => {
    await f.user({ email: 'taken-pop@example.com' });
    providers.spotify.profile = { id: 'pop-s', email: 'taken-pop@example.com', display_name: 'P' };
    const end = await runFlow(f.guest(), '/auth/spotify?popup=1');
    const page = readPopupPage(end.body);
    expect(page.message).toEqual({
      type: OAUTH_POPUP_MESSAGE_TYPE,
      provider: 'spotify',
      mode: 'signIn',
      ok: false,
      error: AUTH_ERRORS.emailExistsWithDifferentOauth,
    });
    expect(page.fallback).toBe(
      `/auth?error=${AUTH_ERRORS.emailExistsWithDifferentOauth}&returnTo=%2F`,
    );
  });

  it('reports a link made in a popup', async ({ f, providers }) => {
    const { client } = await f.signedInUser();
    providers.github.profile = { id: 31337, login: 'pop', name: null, emails: [] };
    const page = readPopupPage(
      (await runFlow(client, `${AUTH_ROUTES.link('github')}?popup=1`)).body,
    );
    expect(page.message).toMatchObject({
      mode: 'link',
      ok: true,
      success: AUTH_SUCCESS.linked,
      user: { type: 'password', providers: ['github'] },
    });
  });

  it('serves a script that messages the opener at the site origin, or the channel, and closes', async ({
    t,
    f,
    providers,
  }) => {
    const res = await fetch(`${t.url}/oauth-popup.js`);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    const source = await res.text();
    providers.google.claims = { sub: 'popup-g2', email: 'pop2@example.com', email_verified: true };
    const page = readPopupPage((await runFlow(f.guest(), '/auth/google?popup=1')).body);

    const inPopup = runPopupScript(source, page, true);
    expect(inPopup.posted).toEqual([[page.message, PUBLIC_URL]]);
    expect(inPopup.broadcast).toEqual([]);
    expect(inPopup.closeCalls).toBe(1);
    expect(inPopup.timers).toEqual([]);

    // The opener link was cut on the way: the result goes out on the channel instead.
    const orphan = runPopupScript(source, page, false);
    expect(orphan.posted).toEqual([]);
    expect(orphan.broadcast).toEqual([{ name: OAUTH_POPUP_CHANNEL, message: page.message }]);
    expect(orphan.closeCalls).toBe(1);
    expect(orphan.replaced).toEqual([]);
    // A window that could not close shows the result like a full-page flow.
    for (const timer of orphan.timers) timer();
    expect(orphan.replaced).toEqual([page.fallback]);
  });
});
