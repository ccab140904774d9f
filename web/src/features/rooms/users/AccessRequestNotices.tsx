import { useAccessRequestNotices } from './useAccessRequestNotices';

/**
 * The notices of requests to join the rooms one manages, as a component of its own: the frame
 * loads it (with its messages) only for someone signed in, so a guest's first page stays light.
 */
export function AccessRequestNotices() {
  useAccessRequestNotices();
  return null;
}
