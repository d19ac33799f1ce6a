ALTER TABLE "app_user" ADD COLUMN "avatar_hash" text;--> statement-breakpoint
ALTER TABLE "app_user" ADD COLUMN "pending_email" text;