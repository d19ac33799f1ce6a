-- State every server process shares (docs/decisions/0016): rate-limit counters, and the claim of
-- a mail being handed to SMTP so that two processes never send one mail twice.
CREATE TABLE "rate_limit" (
	"key" text PRIMARY KEY NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "rate_limit_window_end_idx" ON "rate_limit" USING btree ("window_end");--> statement-breakpoint
-- No company data: only the owner connection (login and token refresh) counts. The default
-- privileges of 0001 granted pc_app everything on new tables.
REVOKE ALL ON rate_limit FROM pc_app;
