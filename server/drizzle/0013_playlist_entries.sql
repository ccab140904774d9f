CREATE TABLE "playlist_entries" (
	"playlist_id" uuid NOT NULL,
	"track_id" uuid NOT NULL,
	"position" double precision NOT NULL,
	"added_by" uuid,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "playlist_entries_playlist_id_track_id_pk" PRIMARY KEY("playlist_id","track_id")
);
--> statement-breakpoint
ALTER TABLE "tracks" DROP CONSTRAINT "tracks_playlist_id_playlists_id_fk";
--> statement-breakpoint
DROP INDEX "tracks_playlist_position_idx";--> statement-breakpoint
ALTER TABLE "playlist_entries" ADD CONSTRAINT "playlist_entries_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_entries" ADD CONSTRAINT "playlist_entries_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playlist_entries" ADD CONSTRAINT "playlist_entries_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "playlist_entries_position_idx" ON "playlist_entries" USING btree ("playlist_id","position");--> statement-breakpoint
CREATE INDEX "playlist_entries_track_idx" ON "playlist_entries" USING btree ("track_id");--> statement-breakpoint
-- Every track keeps its playlist and its place there. The position is kept as it was (the
-- player's room_playback.track_order refers to it) and added_at is the upload time, so ties
-- of the old order (position, upload time, id) fall the same way in the new one.
INSERT INTO "playlist_entries" ("playlist_id", "track_id", "position", "added_by", "added_at")
SELECT "playlist_id", "id", "position", "uploaded_by", "uploaded_at" FROM "tracks";--> statement-breakpoint
ALTER TABLE "tracks" DROP COLUMN "playlist_id";--> statement-breakpoint
ALTER TABLE "tracks" DROP COLUMN "position";