-- The column mapping a user last chose for a register's import in a company, by normalised
-- header: the next file with the same headers is mapped the same way. Only its user sees it.
CREATE TABLE "import_mapping" (
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_mapping_pk" PRIMARY KEY ("company_id","user_id","type")
);
--> statement-breakpoint
ALTER TABLE "import_mapping" ADD CONSTRAINT "import_mapping_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_mapping" ADD CONSTRAINT "import_mapping_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE import_mapping ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY import_mapping_own ON import_mapping FOR ALL
  USING (user_id = (SELECT pc_user_id()) AND company_id = ANY ((SELECT pc_tenant_ids())::uuid[]))
  WITH CHECK (user_id = (SELECT pc_user_id()) AND company_id = ANY ((SELECT pc_tenant_ids())::uuid[]));
