CREATE TABLE "billing_contract" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"plan_variant_id" text NOT NULL,
	"coupon_id" uuid,
	"lifecycle_status" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"next_billing_date" date,
	"notice_period_days" integer DEFAULT 0 NOT NULL,
	"balance_cents" integer DEFAULT 0 NOT NULL,
	"payment_provider" text DEFAULT 'builtin' NOT NULL,
	"external_id" text,
	"bearer_type" text,
	"card_type" text,
	"masked_card_pan" text,
	"last4" text,
	"expiry_month" integer,
	"expiry_year" integer,
	"holder" text,
	"iban_masked" text,
	"sepa_agreed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_coupon" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"valid_from" date,
	"valid_until" date,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_customer" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"company_name" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email_address" text NOT NULL,
	"vat_id" text DEFAULT '' NOT NULL,
	"phone_number" text DEFAULT '' NOT NULL,
	"locale" text DEFAULT 'de' NOT NULL,
	"tag" text DEFAULT '' NOT NULL,
	"address_line1" text DEFAULT '' NOT NULL,
	"address_line2" text DEFAULT '' NOT NULL,
	"street" text DEFAULT '' NOT NULL,
	"house_number" text DEFAULT '' NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"country" text DEFAULT 'DE' NOT NULL,
	"confirmed_at" timestamp with time zone NOT NULL,
	"promotional_communication" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_plan" (
	"id" text PRIMARY KEY NOT NULL,
	"name_de" text NOT NULL,
	"name_en" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_plan_variant" (
	"id" text PRIMARY KEY NOT NULL,
	"plan_id" text NOT NULL,
	"name_de" text NOT NULL,
	"name_en" text NOT NULL,
	"trial_days" integer DEFAULT 0 NOT NULL,
	"monthly_net_cents" integer DEFAULT 0 NOT NULL,
	"vat_basis_points" integer DEFAULT 1900 NOT NULL,
	"notice_period_days" integer DEFAULT 0 NOT NULL,
	"follow_up_variant_id" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_plan_variant_price" CHECK ("billing_plan_variant"."monthly_net_cents" >= 0 and "billing_plan_variant"."trial_days" >= 0)
);
--> statement-breakpoint
ALTER TABLE "billing_contract" ADD CONSTRAINT "billing_contract_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_contract" ADD CONSTRAINT "billing_contract_plan_variant_id_billing_plan_variant_id_fk" FOREIGN KEY ("plan_variant_id") REFERENCES "public"."billing_plan_variant"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_contract" ADD CONSTRAINT "billing_contract_coupon_id_billing_coupon_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."billing_coupon"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_customer" ADD CONSTRAINT "billing_customer_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_plan_variant" ADD CONSTRAINT "billing_plan_variant_plan_id_billing_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."billing_plan"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_contract_company_uq" ON "billing_contract" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "billing_contract_status_idx" ON "billing_contract" USING btree ("lifecycle_status");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_coupon_code_uq" ON "billing_coupon" USING btree (upper("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "billing_customer_company_uq" ON "billing_customer" USING btree ("company_id");--> statement-breakpoint
ALTER TABLE "billing_contract" ADD CONSTRAINT "billing_contract_status" CHECK (lifecycle_status IN ('InTrial', 'Active', 'Cancelled', 'Ended'));
--> statement-breakpoint
-- A contract and its customer are a company's data (docs/decisions/0011): row-level security,
-- the same policy as every other company table. Sign-up writes them on the owner connection.
ALTER TABLE billing_contract ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY billing_contract_tenant ON billing_contract FOR ALL
  USING (company_id = ANY ((SELECT pc_tenant_ids())::uuid[]))
  WITH CHECK (company_id = ANY ((SELECT pc_tenant_ids())::uuid[]));
--> statement-breakpoint
ALTER TABLE billing_customer ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY billing_customer_tenant ON billing_customer FOR ALL
  USING (company_id = ANY ((SELECT pc_tenant_ids())::uuid[]))
  WITH CHECK (company_id = ANY ((SELECT pc_tenant_ids())::uuid[]));
--> statement-breakpoint
-- Request code creates and removes no contract (sign-up and the date job use the owner
-- connection); it reads its own and changes its status (cancel, upgrade).
REVOKE INSERT, DELETE ON billing_contract, billing_customer FROM pc_app;
--> statement-breakpoint
-- The catalogue is the operator's: tenants read plans and the coupon their contract carries.
REVOKE INSERT, UPDATE, DELETE ON billing_plan, billing_plan_variant, billing_coupon FROM pc_app;
--> statement-breakpoint
-- The plans every installation starts with (the operator may change prices later): a free
-- 30-day trial that becomes the DPO plan, and the DPO plan itself, monthly, 30 days' notice.
INSERT INTO billing_plan (id, name_de, name_en) VALUES
  ('trial', 'Testphase', 'Trial'),
  ('dpo', 'DSB-Paket', 'DPO plan');
--> statement-breakpoint
INSERT INTO billing_plan_variant (id, plan_id, name_de, name_en, trial_days, monthly_net_cents, vat_basis_points, notice_period_days, follow_up_variant_id) VALUES
  ('dpo-monthly', 'dpo', 'DSB-Paket, monatlich', 'DPO plan, monthly', 0, 4900, 1900, 30, NULL),
  ('trial', 'trial', '30 Tage kostenlos testen', '30-day free trial', 30, 0, 1900, 0, 'dpo-monthly');
