import fp from 'fastify-plugin';
import { parseTopic, REALTIME_LIMITS, TOPICS, type UserId } from '@music-rooms/domain';
import { isUuid } from '../db/uuid';
import { SessionLiveness } from '../services/accounts/session-liveness';
import type { AnnounceEndedSessions } from '../services/accounts/sessions';
import { findSessionLifetime } from '../services/accounts/sessions-store';

/** How long a session read live is believed before the database is asked again. */
const SESSION_TRUST_MS = 60_000;

type EndedHandler = (sessionIds: readonly string[]) => void;

export type SessionRevocations = {
  /** Ends the sessions' realtime access on every node; call once their rows are gone. */
  announce: AnnounceEndedSessions;
  /** When the user's session ends (epoch ms), or null when it has ended or is not theirs. */
  liveUntil: (sessionId: string, userId: UserId, now?: number) => Promise<number | null>;
  /** Whether this node heard that the session ended. */
  hasEnded: (sessionId: string) => boolean;
  /** Hears the sessions that ended, announced on any node; answers the function that stops it. */
  onEnded: (handler: EndedHandler) => () => void;
};

/**
 * Realtime tokens live only as long as the sign-in they were issued for. Each node keeps which
 * sessions are live (`SessionLiveness`); an ended session is announced as a `session-ended:<id>`
 * topic on the topic bus, in-process or over Redis, so every node forgets it at once and
 * closes its connections.
 */
export const sessionRevocationsPlugin = fp(
  async (app) => {
    const { db } = app.database;
    const liveness = new SessionLiveness(
      // A token names a session id we issued; anything else has no row to find.
      (id) => (isUuid(id) ? findSessionLifetime(db, id) : Promise.resolve(null)),
      { trustMs: SESSION_TRUST_MS, rememberEndedMs: REALTIME_LIMITS.tokenTtlMs + SESSION_TRUST_MS },
    );
    const handlers = new Set<EndedHandler>();
    const stopListening = app.topics.onTopics((topics) => {
      const ended = topics.flatMap((topic) => {
        const parsed = parseTopic(topic);
        return parsed?.kind === 'sessionEnded' ? [parsed.sessionId] : [];
      });
      if (ended.length === 0) return;
      liveness.end(ended);
      for (const handler of handlers) {
        try {
          handler(ended);
        } catch (err) {
          app.log.error({ err }, 'could not act on ended sessions');
        }
      }
    });
    const pruning = setInterval(() => liveness.prune(), SESSION_TRUST_MS);
    pruning.unref();

    app.decorate('sessionRevocations', {
      announce: async (sessionIds) => {
        if (sessionIds.length > 0) await app.topics.publish(sessionIds.map(TOPICS.sessionEnded));
      },
      liveUntil: (sessionId, userId, now) => liveness.liveUntil(sessionId, userId, now),
      hasEnded: (sessionId) => liveness.hasEnded(sessionId),
      onEnded: (handler) => {
        handlers.add(handler);
        return () => void handlers.delete(handler);
      },
    } satisfies SessionRevocations);
    app.addHook('onClose', async () => {
      clearInterval(pruning);
      stopListening();
      handlers.clear();
      liveness.clear();
    });
  },
  { name: 'session-revocations', dependencies: ['database', 'pubsub'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    sessionRevocations: SessionRevocations;
  }
}
