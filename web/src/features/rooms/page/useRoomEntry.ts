import { useCallback, useEffect, useState } from 'react';
import {
  ROOM_ERROR_TEXT,
  ROOM_ERRORS,
  type RoomAccessArgs,
  type RoomInfo,
  type RoomPreview,
  type RoomSummary,
} from '@music-rooms/domain/rooms';
import type { FunctionCallError } from '../../../lib/api/function-call-error';
import type { LiveQueryState } from '../../../lib/realtime/live-query-registry';
import { useLiveQueryState } from '../../../lib/realtime/useLiveQuery';
import { forgetAccessPass, readAccessPass, storeAccessPass, tabSessionId } from '../room-access';
import { cleanupExpiredTokens, generateAccessToken, verifyAccessToken } from '../rooms-api';

/** Where the viewer stands at a room's address. */
export type RoomEntry =
  | { state: 'loading' }
  | { state: 'notFound' }
  | { state: 'unavailable'; preview: RoomPreview | null }
  | { state: 'password'; preview: RoomPreview | null }
  | { state: 'error'; error: FunctionCallError }
  | { state: 'in'; room: RoomSummary };

/** The pass as room calls take it: the token and the tab's session id, or nothing. */
export type RoomPass = RoomAccessArgs;

/**
 * Opens the room at `roomUrl` (spec §4 Room visibility, Password-protected room). A token this
 * tab stored for the room is verified first; one that no longer opens the gate is forgotten,
 * token and flag (after "Token expired" the server is also asked to sweep expired passes). Then the room's info is read live: it does not
 * exist, is unavailable (invite-only), needs the password, or lets the viewer in. `unlock`
 * trades the password for a token bound to the tab's session id and keeps it for the tab.
 */
export function useRoomEntry(roomUrl: string) {
  const [pass, setPass] = useState<RoomPass>(() => readAccessPass(roomUrl));
  const [verified, setVerified] = useState(() => !pass.accessToken);

  useEffect(() => {
    if (verified || !pass.accessToken || !pass.session_id) return;
    let current = true;
    verifyAccessToken(roomUrl, pass.accessToken, pass.session_id)
      .then((answer) => {
        if (!current) return;
        // "Token expired" or "Invalid token": either way the pass is of no use any more.
        if (!answer.valid) {
          if (answer.error === ROOM_ERROR_TEXT[ROOM_ERRORS.tokenExpired]) {
            cleanupExpiredTokens().catch((error: unknown) => console.warn(error));
          }
          forgetAccessPass(roomUrl);
          setPass({});
        }
        setVerified(true);
      })
      // Unchecked, the token still goes with the room calls, which judge it themselves.
      .catch(() => current && setVerified(true));
    return () => {
      current = false;
    };
  }, [roomUrl, pass, verified]);

  const info = useLiveQueryState(
    'rooms.getRoomInfoByUrl',
    verified ? { room_url: roomUrl, ...pass } : 'skip',
  );
  const needsPassword = info.status === 'value' && info.value.requiresPassword;

  // The gate closed again (a new password, an expired pass): the stored token is of no use.
  useEffect(() => {
    if (needsPassword && pass.accessToken) forgetAccessPass(roomUrl);
  }, [needsPassword, pass.accessToken, roomUrl]);

  const unlock = useCallback(
    async (password: string) => {
      const { token } = await generateAccessToken(roomUrl, password, tabSessionId());
      setPass(storeAccessPass(roomUrl, token));
    },
    [roomUrl],
  );

  return { entry: entryOf(info), pass, unlock };
}

function entryOf(info: LiveQueryState<RoomInfo>): RoomEntry {
  if (info.status === 'loading') return { state: 'loading' };
  if (info.status === 'error') {
    return info.error.code === 'not_found'
      ? { state: 'notFound' }
      : { state: 'error', error: info.error };
  }
  const { value } = info;
  if (!value.roomExists) return { state: 'notFound' };
  const preview = value.preview ?? null;
  if (value.unavailable) return { state: 'unavailable', preview };
  if (value.requiresPassword) return { state: 'password', preview };
  if (!value.room) return { state: 'notFound' };
  return { state: 'in', room: value.room };
}
