CREATE TABLE "track_playback_copies" (
	"track_id" uuid PRIMARY KEY NOT NULL,
	"storage_key" text NOT NULL,
	"source_key" text NOT NULL,
	"version" text NOT NULL,
	"sample_rate" integer NOT NULL,
	"channels" integer NOT NULL,
	"total_samples" bigint NOT NULL,
	"size_bytes" bigint NOT NULL,
	"header_base64" text NOT NULL,
	"segments" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "background" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "track_playback_copies" ADD CONSTRAINT "track_playback_copies_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;