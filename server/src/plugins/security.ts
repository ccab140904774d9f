/**
 * The Content Security Policy the web app is built to pass: every script is a file of its own
 * (no inline script), media and images may come from blob: and data: URLs made in the page.
 *
 * `upgrade-insecure-requests` (on in helmet's defaults) is kept only when the site is served
 * over https: on a plain-http address other than loopback (HOST=0.0.0.0 reached at
 * http://192.168.x.y) the browser would upgrade every script to https and the page stays blank.
 */
export function contentSecurityPolicy(publicUrl: string): Record<string, string[] | null> {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    mediaSrc: ["'self'", 'blob:'],
    connectSrc: ["'self'", 'ws:', 'wss:'],
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    frameAncestors: ["'self'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    upgradeInsecureRequests: publicUrl.startsWith('https:') ? [] : null,
  };
}
