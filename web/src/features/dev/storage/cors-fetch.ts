/** How a fetch of a stored object from the page went, as the player would make it. */
export type CorsOutcome =
  | { kind: 'passed'; status: number; bytes: number; ms: number; contentRange: string }
  /** The bucket answered, but the page may not read Content-Range (not exposed). */
  | { kind: 'rangeHidden'; status: number }
  /** The page's Content-Security-Policy refused the address before any request. */
  | { kind: 'csp'; origin: string; directive: string }
  /** The request left, but the bucket's answer had no CORS permission for this origin. */
  | { kind: 'refused' };

/** The first kilobyte, by Range, as the player reads segments. */
const RANGE = 'bytes=0-1023';

/**
 * Fetches `url` as the player does and tells a refusal by the page's own policy (reported as a
 * `securitypolicyviolation` event) from one by the bucket's CORS rules (a bare network error).
 */
export async function fetchAsPlayer(url: string): Promise<CorsOutcome> {
  let violation: SecurityPolicyViolationEvent | null = null;
  const listen = (event: SecurityPolicyViolationEvent) => {
    if (event.blockedURI && url.startsWith(event.blockedURI)) violation = event;
  };
  document.addEventListener('securitypolicyviolation', listen);
  const started = performance.now();
  try {
    const response = await fetch(url, { headers: { Range: RANGE }, cache: 'no-store' });
    const bytes = (await response.arrayBuffer()).byteLength;
    const contentRange = response.headers.get('content-range');
    if (!contentRange) return { kind: 'rangeHidden', status: response.status };
    const ms = Math.round(performance.now() - started);
    return { kind: 'passed', status: response.status, bytes, ms, contentRange };
  } catch {
    // The violation event is dispatched as a task of its own: let it arrive first.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const seen = violation as SecurityPolicyViolationEvent | null;
    if (seen)
      return { kind: 'csp', origin: new URL(url).origin, directive: seen.effectiveDirective };
    return { kind: 'refused' };
  } finally {
    document.removeEventListener('securitypolicyviolation', listen);
  }
}
