CREATE TABLE "track_removals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_id" uuid NOT NULL,
	"removed_by" uuid,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"restore_until" timestamp with time zone NOT NULL,
	"tracks" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "track_removals" ADD CONSTRAINT "track_removals_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "track_removals" ADD CONSTRAINT "track_removals_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "track_removals_room_idx" ON "track_removals" USING btree ("room_id");