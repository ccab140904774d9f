-- Room search is a case-insensitive substring match served by trigram indexes.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "room_access_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"room_id" uuid NOT NULL,
	"session_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "room_favorites" (
	"room_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_favorites_room_id_user_id_pk" PRIMARY KEY("room_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "room_users" (
	"room_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_users_room_id_user_id_pk" PRIMARY KEY("room_id","user_id"),
	CONSTRAINT "room_users_role_check" CHECK ("room_users"."role" in ('admin', 'editor', 'participant', 'viewer', 'requested', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"room_url" text NOT NULL,
	"visibility" text DEFAULT 'public' NOT NULL,
	"password_hash" text,
	"owner_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rooms_visibility_check" CHECK ("rooms"."visibility" in ('public', 'hidden', 'inviteOnly'))
);
--> statement-breakpoint
ALTER TABLE "room_access_tokens" ADD CONSTRAINT "room_access_tokens_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_favorites" ADD CONSTRAINT "room_favorites_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_favorites" ADD CONSTRAINT "room_favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_users" ADD CONSTRAINT "room_users_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_users" ADD CONSTRAINT "room_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_users" ADD CONSTRAINT "room_users_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "room_access_tokens_room_id_idx" ON "room_access_tokens" USING btree ("room_id");--> statement-breakpoint
CREATE INDEX "room_access_tokens_expires_at_idx" ON "room_access_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "room_favorites_user_id_idx" ON "room_favorites" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "room_users_user_id_idx" ON "room_users" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rooms_room_url_unique" ON "rooms" USING btree (lower("room_url"));--> statement-breakpoint
CREATE INDEX "rooms_owner_id_idx" ON "rooms" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "rooms_created_at_idx" ON "rooms" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "rooms_name_idx" ON "rooms" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "rooms_name_trgm_idx" ON "rooms" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "rooms_description_trgm_idx" ON "rooms" USING gin (lower("description") gin_trgm_ops);