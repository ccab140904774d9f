CREATE TABLE "yandex_import_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"import_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"service_track_id" text NOT NULL,
	"title" text NOT NULL,
	"artists" text DEFAULT '' NOT NULL,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"facts" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"failure" text,
	"failure_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"bytes_done" bigint DEFAULT 0 NOT NULL,
	"bytes_total" bigint,
	"track_id" uuid,
	"job_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "yandex_import_items_status_check" CHECK ("yandex_import_items"."status" in ('queued', 'downloading', 'processing', 'ready', 'failed', 'duplicate', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "yandex_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_id" uuid NOT NULL,
	"playlist_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text,
	"status" text DEFAULT 'active' NOT NULL,
	"holder_node" text,
	"holder_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "yandex_imports_status_check" CHECK ("yandex_imports"."status" in ('active', 'finished', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "yandex_import_items" ADD CONSTRAINT "yandex_import_items_import_id_yandex_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."yandex_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yandex_import_items" ADD CONSTRAINT "yandex_import_items_track_id_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."tracks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yandex_imports" ADD CONSTRAINT "yandex_imports_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yandex_imports" ADD CONSTRAINT "yandex_imports_playlist_id_playlists_id_fk" FOREIGN KEY ("playlist_id") REFERENCES "public"."playlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "yandex_imports" ADD CONSTRAINT "yandex_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "yandex_import_items_import_idx" ON "yandex_import_items" USING btree ("import_id","position");--> statement-breakpoint
CREATE INDEX "yandex_imports_user_room_idx" ON "yandex_imports" USING btree ("user_id","room_id","created_at");--> statement-breakpoint
CREATE INDEX "yandex_imports_active_idx" ON "yandex_imports" USING btree ("holder_until") WHERE "yandex_imports"."status" = 'active';