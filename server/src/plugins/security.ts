/**
 * The Content Security Policy the web app is built to pass: every script is a file of its own
 * (no inline script), media and images may come from blob: and data: URLs made in the page.
 *
 * With S3 storage, covers (`<img>`) and playback copies (`fetch`) are redirects to presigned
 * links, so the bucket's origin joins img-src and connect-src, and nothing else: the page never
 * plays an object through a media element, so media-src stays as it is.
 *
 * `upgrade-insecure-requests` (on in helmet's defaults) is kept only when the site is served
 * over https: on a plain-http address other than loopback (HOST=0.0.0.0 reached at
 * http://192.168.x.y) the browser would upgrade every script to https and the page stays blank.
 */
export function contentSecurityPolicy(
  publicUrl: string,
  storageOrigin: string | null,
): Record<string, string[] | null> {
  const storage = storageOrigin ? [storageOrigin] : [];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...storage],
    mediaSrc: ["'self'", 'blob:'],
    connectSrc: ["'self'", 'ws:', 'wss:', ...storage],
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    frameAncestors: ["'self'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    upgradeInsecureRequests: publicUrl.startsWith('https:') ? [] : null,
  };
}
