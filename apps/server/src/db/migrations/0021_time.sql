CREATE TABLE "project" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"valid_from" date NOT NULL,
	"valid_until" date,
	"budget_hours" numeric(10, 2),
	"budget_period" text DEFAULT 'Month' NOT NULL,
	"flat_rate" numeric(12, 2),
	"hourly_rate" numeric(10, 2),
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_planned_hours" (
	"project_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"month" date NOT NULL,
	"hours" numeric(10, 2) NOT NULL,
	CONSTRAINT "project_planned_hours_project_id_month_pk" PRIMARY KEY("project_id","month")
);
--> statement-breakpoint
CREATE TABLE "project_rate" (
	"project_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"hourly_rate" numeric(10, 2) NOT NULL,
	CONSTRAINT "project_rate_project_id_user_id_pk" PRIMARY KEY("project_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "time_record" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"start_time" text,
	"end_time" text,
	"hours" numeric(5, 2) NOT NULL,
	"item_id" uuid,
	"description" text NOT NULL,
	"billable" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "project" ADD CONSTRAINT "project_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_planned_hours" ADD CONSTRAINT "project_planned_hours_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_planned_hours" ADD CONSTRAINT "project_planned_hours_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_rate" ADD CONSTRAINT "project_rate_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_rate" ADD CONSTRAINT "project_rate_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_rate" ADD CONSTRAINT "project_rate_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_record" ADD CONSTRAINT "time_record_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_record" ADD CONSTRAINT "time_record_project_id_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_record" ADD CONSTRAINT "time_record_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_record" ADD CONSTRAINT "time_record_item_id_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."item"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_company_idx" ON "project" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "time_record_company_day_idx" ON "time_record" USING btree ("company_id","day");--> statement-breakpoint
CREATE INDEX "time_record_user_day_idx" ON "time_record" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "time_record_project_idx" ON "time_record" USING btree ("project_id");--> statement-breakpoint
-- Tenancy (docs/decisions/0011): every time table answers only rows of the request's companies.
ALTER TABLE project ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY project_tenant ON project USING (company_id = ANY ((SELECT pc_tenant_ids())::uuid[])) WITH CHECK (company_id = ANY ((SELECT pc_tenant_ids())::uuid[]));--> statement-breakpoint
ALTER TABLE project_rate ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY project_rate_tenant ON project_rate USING (company_id = ANY ((SELECT pc_tenant_ids())::uuid[])) WITH CHECK (company_id = ANY ((SELECT pc_tenant_ids())::uuid[]));--> statement-breakpoint
ALTER TABLE project_planned_hours ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY project_planned_hours_tenant ON project_planned_hours USING (company_id = ANY ((SELECT pc_tenant_ids())::uuid[])) WITH CHECK (company_id = ANY ((SELECT pc_tenant_ids())::uuid[]));--> statement-breakpoint
ALTER TABLE time_record ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY time_record_tenant ON time_record USING (company_id = ANY ((SELECT pc_tenant_ids())::uuid[])) WITH CHECK (company_id = ANY ((SELECT pc_tenant_ids())::uuid[]));
