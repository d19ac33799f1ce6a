CREATE TABLE "questionnaire_file" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"response_id" uuid NOT NULL,
	"question_id" text NOT NULL,
	"file_hash" text NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questionnaire_response" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"item_id" uuid,
	"template_key" text NOT NULL,
	"template" jsonb NOT NULL,
	"recipient_email" text NOT NULL,
	"language" text NOT NULL,
	"due_date" date NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"key_hash" text NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"saved_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"sent_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questionnaire_response_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
ALTER TABLE "questionnaire_file" ADD CONSTRAINT "questionnaire_file_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_file" ADD CONSTRAINT "questionnaire_file_response_id_questionnaire_response_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."questionnaire_response"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_response" ADD CONSTRAINT "questionnaire_response_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_response" ADD CONSTRAINT "questionnaire_response_item_id_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."item"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_response" ADD CONSTRAINT "questionnaire_response_sent_by_app_user_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "questionnaire_file_response_idx" ON "questionnaire_file" USING btree ("response_id");--> statement-breakpoint
CREATE INDEX "questionnaire_response_company_idx" ON "questionnaire_response" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "questionnaire_response_item_idx" ON "questionnaire_response" USING btree ("item_id");--> statement-breakpoint
-- Tenancy by construction (0012, 0015): a questionnaire and its files belong to one company. The
-- public fill link opens a tenant transaction for that one company after finding the key's hash.
ALTER TABLE questionnaire_response ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY questionnaire_response_tenant ON questionnaire_response USING (company_id = ANY ((SELECT pc_tenant_ids())::uuid[])) WITH CHECK (company_id = ANY ((SELECT pc_tenant_ids())::uuid[]));
--> statement-breakpoint
ALTER TABLE questionnaire_file ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY questionnaire_file_tenant ON questionnaire_file USING (company_id = ANY ((SELECT pc_tenant_ids())::uuid[])) WITH CHECK (company_id = ANY ((SELECT pc_tenant_ids())::uuid[]));
