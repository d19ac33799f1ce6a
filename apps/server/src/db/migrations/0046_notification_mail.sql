-- Notifications that go out by e-mail at once wait here until a pass claims them (FOR UPDATE
-- SKIP LOCKED), queues the mail in the outbox and clears the mark in the same transaction.
ALTER TABLE "notification" ADD COLUMN "mail_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "notification_mail_pending_idx" ON "notification" USING btree ("created_at") WHERE "mail_pending";
