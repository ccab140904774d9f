CREATE TABLE "spotify_room_matches" (
	"track_id" uuid PRIMARY KEY NOT NULL,
	"room_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"matched" boolean NOT NULL,
	"reason" text NOT NULL,
	"confidence" real,
	"spotify_id" text,
	"error" text,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spotify_room_matches_reason_check" CHECK ("spotify_room_matches"."reason" in ('isrc', 'artistTitleDuration', 'titleDuration', 'artistTitle', 'noCandidates', 'lowConfidence', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "tracks" ADD COLUMN "true_peak_db" real;--> statement-breakpoint
ALTER TABLE "spotify_room_matches" ADD CONSTRAINT "spotify_room_matches_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spotify_room_matches" ADD CONSTRAINT "spotify_room_matches_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "spotify_room_matches_room_idx" ON "spotify_room_matches" USING btree ("room_id");