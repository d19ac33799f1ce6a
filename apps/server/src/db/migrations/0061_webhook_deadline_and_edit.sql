-- A deadline alert is raised by a pass that runs on every instance and again after a restart:
-- its key (kind, item, step) makes the event reach each endpoint once.
ALTER TABLE "webhook_delivery" ADD COLUMN "event_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_delivery_once_uq" ON "webhook_delivery" USING btree ("endpoint_id","event_key") WHERE "webhook_delivery"."event_key" is not null;
