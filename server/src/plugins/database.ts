import fp from 'fastify-plugin';
import { openDatabase, type DatabaseHandle } from '../db';
import { databaseOptionsFromConfig } from '../db/options';

/** Opens the database (embedded or PostgreSQL), migrates it, and closes it with the server. */
export const databasePlugin = fp(
  async (app) => {
    const database = await openDatabase({
      ...databaseOptionsFromConfig(app.config),
      onConnectionError: (err) => app.log.error({ err }, 'database connection error'),
    });
    app.decorate('database', database);
    app.addHook('onClose', async () => database.close());
  },
  { name: 'database' },
);

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
  }
}
