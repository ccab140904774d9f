import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { defineFunction } from '../../src/functions';
import { DomainError } from '@music-rooms/domain';
import { appSettings } from '../../src/db/schema';

/**
 * Test-only functions over a tiny store of named notes, kept as app_settings rows: a query that
 * watches `note:<name>` and mutations that change a note and publish that topic.
 */
const key = (name: string) => `test-note:${name}`;
const topic = (name: string) => `note:${name}`;

export const noteFunctions = [
  // Reads one note (null when unset) and watches it.
  defineFunction('query', {
    path: 'notes.get',
    args: z.object({ name: z.string() }),
    handler: async (ctx, { name }) => {
      ctx.watch(topic(name));
      const [row] = await ctx.deps.db
        .select({ value: appSettings.value })
        .from(appSettings)
        .where(eq(appSettings.key, key(name)));
      return row?.value ?? null;
    },
  }),
  // Sets a note and announces it.
  defineFunction('mutation', {
    path: 'notes.set',
    args: z.object({ name: z.string(), value: z.string() }),
    handler: async (ctx, { name, value }) => {
      await ctx.deps.db
        .insert(appSettings)
        .values({ key: key(name), value })
        .onConflictDoUpdate({ target: appSettings.key, set: { value } });
      ctx.publish(topic(name));
      return { name, value };
    },
  }),
  // Announces a change to a topic, then fails: nothing may be published.
  defineFunction('mutation', {
    path: 'notes.failAfterPublish',
    args: z.object({ topic: z.string() }),
    handler: (ctx, args) => {
      ctx.publish(args.topic);
      throw new DomainError('conflict', 'Refused on purpose');
    },
  }),
];
