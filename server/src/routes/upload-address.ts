/** Where uploads are created; an upload lives at this path followed by its id. */
export const UPLOADS_PATH = '/api/uploads';

/**
 * An upload's own address: nothing after the id, no query, fragment or `;` parameter. Ids are
 * `upload-` and 32 hex digits; uploads begun before ids had the prefix stay resumable.
 */
const UPLOAD_ADDRESS = /^\/api\/uploads\/((?:upload-)?[0-9a-f]{32})$/;

/** The scheme and host of an address in absolute form (`PATCH http://host/api/uploads/…`). */
const ORIGIN = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;

/**
 * The upload an address (the request line's target, as the client sent it) names, or null.
 * The route's check of the uploader and tus's reading of the id both call this on the same
 * string, so the upload whose owner was checked is the upload tus acts on; anything looser
 * (a query, a fragment, an encoded slash) could name one upload to one and another to the other.
 */
export function uploadIdOfAddress(address: string | undefined): string | null {
  const path = (address ?? '').replace(ORIGIN, '');
  return UPLOAD_ADDRESS.exec(path)?.[1] ?? null;
}

/** Whether an address is the creation endpoint itself, with nothing after it. */
export const isCreationAddress = (address: string | undefined) =>
  (address ?? '').replace(ORIGIN, '') === UPLOADS_PATH;
