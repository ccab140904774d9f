import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { DEFAULT_PREFERENCES, type UserPreferences } from '@music-rooms/domain/auth';
import type { PlaybackControl, RoomUserRole, RoomVisibility } from '@music-rooms/domain/rooms';
import type { RoomId, UserId } from '@music-rooms/domain/ids';

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
    id: uuid('id').$type<UserId>().primaryKey().defaultRandom(),
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
    // --- E-mail verification (SUPER_ADMIN_EMAILS rights need a verified address) ---
    /**
     * The address (lower case) the owner proved to hold, by a mailed link or the admin command.
     * Cleared when the e-mail changes, so rights never follow an address the owner did not prove.
     */
    verifiedEmail: text('verified_email'),
    // --- end of e-mail verification ---
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
      .$type<UserId>()
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
 * One-time secrets sent or handed to a user: password reset links (an hour), the grant a
 * successful reset gives for signing in right after it (a few minutes), and e-mail
 * verification links (a day). Stored hashed.
 */
export const userTokens = pgTable(
  'user_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .$type<UserId>()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose')
      .$type<'password_reset' | 'login_grant' | 'email_verification'>()
      .notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('user_tokens_user_id_idx').on(t.userId)],
);

/**
 * Rooms (spec §3 Room). The owner is `owner_id` alone: room_users never holds an 'owner' row,
 * so there is one truth about who owns a room. The URL is unique whatever its case.
 * Search is a case-insensitive substring match, served by trigram indexes (pg_trgm).
 */
export const rooms = pgTable(
  'rooms',
  {
    id: uuid('id').$type<RoomId>().primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    roomUrl: text('room_url').notNull(),
    visibility: text('visibility').$type<RoomVisibility>().notNull().default('public'),
    /** argon2id, like account passwords; null when the room has no password. */
    passwordHash: text('password_hash'),
    /** Who controls the playback: the host alone (`host`) or everyone who may (`everyone`). */
    playbackControl: text('playback_control').$type<PlaybackControl>().notNull().default('host'),
    ownerId: uuid('owner_id')
      .$type<UserId>()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('rooms_room_url_unique').on(sql`lower(${t.roomUrl})`),
    index('rooms_owner_id_idx').on(t.ownerId),
    index('rooms_created_at_idx').on(t.createdAt, t.id),
    index('rooms_name_idx').on(sql`lower(${t.name})`, t.id),
    index('rooms_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('rooms_description_trgm_idx').using('gin', sql`lower(${t.description}) gin_trgm_ops`),
    check('rooms_visibility_check', sql`${t.visibility} in ('public', 'hidden', 'inviteOnly')`),
    check('rooms_playback_control_check', sql`${t.playbackControl} in ('host', 'everyone')`),
  ],
);

/**
 * Members and access requests (spec §3 Room user): a role below owner, or the access states
 * requested / rejected. `invited_by` is who added or approved them (the removal rules need it).
 */
export const roomUsers = pgTable(
  'room_users',
  {
    roomId: uuid('room_id')
      .$type<RoomId>()
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .$type<UserId>()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<Exclude<RoomUserRole, 'owner'>>().notNull(),
    invitedBy: uuid('invited_by')
      .$type<UserId>()
      .references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When someone added this user to the room (rooms.addUser), until the user opens the room
     * or dismisses the notice; null otherwise. Their "my rooms" marks the room while it is set.
     */
    addedNoticeAt: timestamp('added_notice_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.roomId, t.userId] }),
    index('room_users_user_id_idx').on(t.userId),
    check(
      'room_users_role_check',
      sql`${t.role} in ('admin', 'editor', 'participant', 'viewer', 'requested', 'rejected')`,
    ),
  ],
);

/** Rooms a user marked as favourite (the spec's favorite_users). */
export const roomFavorites = pgTable(
  'room_favorites',
  {
    roomId: uuid('room_id')
      .$type<RoomId>()
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .$type<UserId>()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.roomId, t.userId] }),
    index('room_favorites_user_id_idx').on(t.userId),
  ],
);

/**
 * Passes through a room's password gate (spec §3 Room access token), each bound to one browser
 * tab's session id. Only a hash of the token is stored; expired ones are swept regularly.
 */
export const roomAccessTokens = pgTable(
  'room_access_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    roomId: uuid('room_id')
      .$type<RoomId>()
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('room_access_tokens_room_id_idx').on(t.roomId),
    index('room_access_tokens_expires_at_idx').on(t.expiresAt),
  ],
);
export * from './schema-tracks';
export * from './schema-jobs';
export * from './schema-player';
export * from './schema-playback';
export * from './schema-imports';
export * from './schema-spotify';
export * from './schema-removals';
