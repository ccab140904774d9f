CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "playlists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_id" uuid NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_id" uuid NOT NULL,
	"playlist_id" uuid NOT NULL,
	"position" double precision NOT NULL,
	"title" text NOT NULL,
	"artist" text,
	"album" text,
	"year" integer,
	"genre" text,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"size_bytes" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"failure" text,
	"source" text DEFAULT 'upload' NOT NULL,
	"format" text,
	"mime" text,
	"bitrate" integer,
	"sample_rate" integer,
	"content_hash" text,
	"loudness_lufs" real,
	"waveform" text,
	"audio_key" text,
	"cover_key" text,
	"embedded_cover_key" text,
	"cover_version" bigint,
	"original_file_name" text,
	"isrc" text,
	"spotify_id" text,
	"service_track_id" text,
	"artist_external_ids" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"uploaded_by" uuid,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracks_status_check" CHECK ("tracks"."status" in ('processing', 'ready', 'failed')),
	CONSTRAINT "tracks_source_check" CHECK ("tracks"."source" in ('upload', 'yandexMusic'))
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text DEFAULT 'audio' NOT NULL,
	"room_id" uuid NOT NULL,
	"playlist_id" uuid,
	"user_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"file_type" text,
	"size_bytes" bigint NOT NULL,
	"status" text DEFAULT 'uploading' NOT NULL,
	"failure" text,
	"track_id" uuid,
	"duplicate_of" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "playlists" ADD CONSTRAINT "playlists_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlists" ADD CONSTRAINT "playlists_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracks" ADD CONSTRAINT "tracks_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracks" ADD CONSTRAINT "tracks_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracks" ADD CONSTRAINT "tracks_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_ready_idx" ON "jobs" USING btree ("run_after","created_at") WHERE "jobs"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "jobs_lease_idx" ON "jobs" USING btree ("locked_until") WHERE "jobs"."status" = 'running';--> statement-breakpoint
CREATE INDEX "playlists_room_id_idx" ON "playlists" USING btree ("room_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "playlists_default_unique" ON "playlists" USING btree ("room_id") WHERE "playlists"."is_default";--> statement-breakpoint
CREATE INDEX "tracks_playlist_position_idx" ON "tracks" USING btree ("playlist_id","position");--> statement-breakpoint
CREATE INDEX "tracks_room_uploaded_idx" ON "tracks" USING btree ("room_id","uploaded_at");--> statement-breakpoint
CREATE INDEX "tracks_room_hash_idx" ON "tracks" USING btree ("room_id","content_hash");--> statement-breakpoint
CREATE INDEX "tracks_room_service_id_idx" ON "tracks" USING btree ("room_id","service_track_id");--> statement-breakpoint
CREATE INDEX "tracks_title_trgm_idx" ON "tracks" USING gin (lower("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "uploads_user_idx" ON "uploads" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "uploads_room_idx" ON "uploads" USING btree ("room_id");--> statement-breakpoint
CREATE INDEX "uploads_updated_idx" ON "uploads" USING btree ("status","updated_at");