import fp from 'fastify-plugin';
import { serverNow } from '../services/server-clock';

/**
 * When each request came in, on the server's timeline (`serverNow()`), before any hook: a room
 * page is a clock probe for its player (routes/first-reads.ts), and the time the server spends
 * on it (its session's lookup, its hooks) must not count as the network's. Registered first.
 */
export const requestArrivalPlugin = fp(
  async (app) => {
    app.decorateRequest('arrivedAt', 0);
    app.addHook('onRequest', (request, _reply, done) => {
      request.arrivedAt = serverNow();
      done();
    });
  },
  { name: 'request-arrival' },
);

declare module 'fastify' {
  interface FastifyRequest {
    /** When the request came in, on the server's timeline (epoch ms). */
    arrivedAt: number;
  }
}
