import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { DEFAULT_PREFERENCES, type UserPreferences } from '@music-rooms/domain/auth';

/**
 * Server-wide values that every node must agree on (for example the key that signs realtime
 * tokens). Created on first start, so no setting is needed for several nodes to share them.
 */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** People with an account (spec §3 User). E-mail and username are unique regardless of case. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    /** A colour starting with # or a 64×64 JPEG data URL. */
    avatar: text('avatar').notNull(),
    passwordHash: text('password_hash'),
    googleId: text('google_id'),
    githubId: text('github_id'),
    spotifyId: text('spotify_id'),
    superAdmin: boolean('super_admin').notNull().default(false),
    preferences: jsonb('preferences')
      .$type<UserPreferences>()
      .notNull()
      .default(DEFAULT_PREFERENCES),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_unique').on(sql`lower(${t.username})`),
    uniqueIndex('users_google_id_unique').on(t.googleId),
    uniqueIndex('users_github_id_unique').on(t.githubId),
    uniqueIndex('users_spotify_id_unique').on(t.spotifyId),
  ],
);

/** Signed-in browsers. Only a hash of the cookie's token is stored, so a database leak signs no one in. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** How this session signed in: 'password' or a provider. */
    type: text('type').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_unique').on(t.tokenHash),
    index('sessions_user_id_idx').on(t.userId),
  ],
);

/**
 * One-time secrets sent or handed to a user: password reset links (an hour) and the grant a
 * successful reset gives for signing in right after it (a few minutes). Stored hashed.
 */
export const userTokens = pgTable(
  'user_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'password_reset' | 'login_grant'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('user_tokens_user_id_idx').on(t.userId)],
);
