-- A read and checked import file waiting for its commit: the rows as parsed, the mapping chosen.
-- It belongs to one user of one company; another company's or user's id answers 404.
CREATE TABLE "pending_import" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"file_name" text NOT NULL,
	"headers" jsonb NOT NULL,
	"rows" jsonb NOT NULL,
	"mapping" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pending_import" ADD CONSTRAINT "pending_import_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_import" ADD CONSTRAINT "pending_import_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pending_import_company_idx" ON "pending_import" USING btree ("company_id","user_id");
--> statement-breakpoint
ALTER TABLE pending_import ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY pending_import_tenant ON pending_import FOR ALL
  USING (company_id = ANY ((SELECT pc_tenant_ids())::uuid[]))
  WITH CHECK (company_id = ANY ((SELECT pc_tenant_ids())::uuid[]));
