CREATE TABLE "room_playback" (
	"room_id" uuid PRIMARY KEY NOT NULL,
	"playlist_id" uuid,
	"track_id" uuid,
	"track_order" double precision,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"position_ms" double precision DEFAULT 0 NOT NULL,
	"at_server_ms" double precision DEFAULT 0 NOT NULL,
	"playing" boolean DEFAULT false NOT NULL,
	"repeat" text DEFAULT 'off' NOT NULL,
	"shuffle" boolean DEFAULT false NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"host_id" uuid,
	"host_chosen_at" timestamp with time zone,
	"advance_job_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_playback_repeat_check" CHECK ("room_playback"."repeat" in ('off', 'all', 'one'))
);
--> statement-breakpoint
ALTER TABLE "room_playback" ADD CONSTRAINT "room_playback_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_playback" ADD CONSTRAINT "room_playback_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_playback" ADD CONSTRAINT "room_playback_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "room_playback_playing_idx" ON "room_playback" USING btree ("room_id") WHERE "room_playback"."playing";