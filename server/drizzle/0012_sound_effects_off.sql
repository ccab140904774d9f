ALTER TABLE "users" ALTER COLUMN "preferences" SET DEFAULT '{"notifications":true,"soundEffects":false}'::jsonb;--> statement-breakpoint
-- Sound effects did nothing until now, so nobody chose them: everyone starts with them off.
UPDATE "users" SET "preferences" = "preferences" || '{"soundEffects":false}'::jsonb;