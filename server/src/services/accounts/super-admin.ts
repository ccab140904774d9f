import {
  DomainError,
  PLATFORM_ERROR_CODES,
  PLATFORM_ERRORS,
  type UserId,
} from '@music-rooms/domain';
import type { RequestDeps } from '../deps';
import type { RoomViewer } from '../rooms/access';
import { findUserById, isSuperAdmin } from './users-store';

/**
 * The first line of every developer-area call: a super administrator goes on; anyone else is
 * told there is nothing here, as the pages themselves answer 404 (spec §2 developer pages).
 */
export async function requireSuperAdmin(
  deps: Pick<RequestDeps, 'db' | 'config'>,
  viewer: RoomViewer,
): Promise<UserId> {
  const user = viewer.userId ? await findUserById(deps.db, viewer.userId) : null;
  if (!user || !isSuperAdmin(user, deps.config.superAdminEmails)) {
    throw new DomainError(PLATFORM_ERROR_CODES.notFound, PLATFORM_ERRORS.notFound);
  }
  return user.id;
}
