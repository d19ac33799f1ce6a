-- Items a bulk delete removed, kept for its undo (a few seconds; later deletes clear old ones):
-- the row as it was, its attachments, and the ids of the rows that pointed at it.
CREATE TABLE "item_trash" (
	"batch_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"deleted_at" timestamp with time zone NOT NULL,
	"row" jsonb NOT NULL,
	"attachments" jsonb NOT NULL,
	"links" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "item_trash" ADD CONSTRAINT "item_trash_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_trash" ADD CONSTRAINT "item_trash_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_trash_batch_idx" ON "item_trash" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "item_trash_deleted_idx" ON "item_trash" USING btree ("deleted_at");
--> statement-breakpoint
-- Only the person who deleted may undo, and only in the companies the request sees.
ALTER TABLE item_trash ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY item_trash_own ON item_trash FOR ALL
  USING (user_id = (SELECT pc_user_id()) AND company_id = ANY ((SELECT pc_tenant_ids())::uuid[]))
  WITH CHECK (user_id = (SELECT pc_user_id()) AND company_id = ANY ((SELECT pc_tenant_ids())::uuid[]));
