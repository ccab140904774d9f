import type { FastifyInstance } from 'fastify';
import { ACCOUNT_ROUTES } from '@music-rooms/domain';
import { exportAccount, exportFileName } from '../services/accounts/export';
import { serveAccountRoute } from './account-route';
import { requireSession } from './auth-common';

/** The signed-in user's own account data. */
export async function accountRoutes(app: FastifyInstance) {
  // Data export: everything the account holds, as a JSON file to download.
  serveAccountRoute(app, ACCOUNT_ROUTES.exportData, {}, async (request, reply) => {
    const { user, session } = await requireSession(app, request);
    const data = await exportAccount({
      db: app.database.db,
      user,
      sessionId: session.id,
      superAdminEmails: app.config.superAdminEmails,
    });
    reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${exportFileName(user)}"`);
    return data;
  });
}
