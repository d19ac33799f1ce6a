CREATE TABLE "billing_invoice" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"issued_on" date NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"net_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"gross_cents" integer NOT NULL,
	"vat_basis_points" integer NOT NULL,
	"file_name" text NOT NULL,
	"file_hash" text NOT NULL,
	"document_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"booked_on" date NOT NULL,
	"kind" text NOT NULL,
	"description_de" text NOT NULL,
	"description_en" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"invoice_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_contract" ADD COLUMN "mandate_reference" text;--> statement-breakpoint
-- A running contract's plan started with the contract, until a trial is subscribed before its end.
ALTER TABLE "billing_contract" ADD COLUMN "plan_start_date" date;--> statement-breakpoint
UPDATE "billing_contract" SET "plan_start_date" = "start_date";--> statement-breakpoint
ALTER TABLE "billing_contract" ALTER COLUMN "plan_start_date" SET NOT NULL;--> statement-breakpoint
-- Customer numbers: one sequence per installation; existing customers get theirs now.
CREATE SEQUENCE "billing_customer_number_seq" START WITH 10001;--> statement-breakpoint
ALTER TABLE "billing_customer" ADD COLUMN "customer_number" integer DEFAULT nextval('billing_customer_number_seq') NOT NULL;--> statement-breakpoint
ALTER SEQUENCE "billing_customer_number_seq" OWNED BY "billing_customer"."customer_number";--> statement-breakpoint
ALTER TABLE "billing_customer" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "billing_invoice" ADD CONSTRAINT "billing_invoice_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_ledger" ADD CONSTRAINT "billing_ledger_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_ledger" ADD CONSTRAINT "billing_ledger_invoice_id_billing_invoice_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."billing_invoice"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_invoice_sequence_uq" ON "billing_invoice" USING btree ("sequence");--> statement-breakpoint
CREATE INDEX "billing_invoice_company_idx" ON "billing_invoice" USING btree ("company_id","sequence");--> statement-breakpoint
CREATE INDEX "billing_ledger_company_idx" ON "billing_ledger" USING btree ("company_id","booked_on");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_customer_number_uq" ON "billing_customer" USING btree ("customer_number");
--> statement-breakpoint
ALTER TABLE "billing_ledger" ADD CONSTRAINT "billing_ledger_kind" CHECK (kind IN ('charge', 'payment', 'credit', 'carryover'));
--> statement-breakpoint
-- Invoices and balance lines are a company's data: row-level security like its contract.
ALTER TABLE billing_invoice ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY billing_invoice_tenant ON billing_invoice FOR ALL
  USING (company_id = ANY ((SELECT pc_tenant_ids())::uuid[]))
  WITH CHECK (company_id = ANY ((SELECT pc_tenant_ids())::uuid[]));
--> statement-breakpoint
ALTER TABLE billing_ledger ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY billing_ledger_tenant ON billing_ledger FOR ALL
  USING (company_id = ANY ((SELECT pc_tenant_ids())::uuid[]))
  WITH CHECK (company_id = ANY ((SELECT pc_tenant_ids())::uuid[]));
--> statement-breakpoint
-- An issued invoice and a booked line are never changed or removed (GoBD: corrections are new
-- lines); request code may add them when it records a charge (subscribing an ended contract).
REVOKE UPDATE, DELETE ON billing_invoice, billing_ledger FROM pc_app;
--> statement-breakpoint
-- Invoice numbers: one gap-free sequence per installation. A counter row rather than a
-- sequence, because a sequence keeps the numbers a rolled-back transaction took; the row lock
-- also orders concurrent invoices. Security definer: request code may not write app_setting.
INSERT INTO app_setting (key, value) VALUES ('invoice_number', '0') ON CONFLICT (key) DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION pc_next_invoice_number() RETURNS integer LANGUAGE sql SECURITY DEFINER SET search_path = public AS $$
  UPDATE app_setting SET value = (value::integer + 1)::text WHERE key = 'invoice_number' RETURNING value::integer
$$;
--> statement-breakpoint
-- Balances from before lines were kept stay explained: one carried-over line each.
INSERT INTO billing_ledger (company_id, booked_on, kind, description_de, description_en, amount_cents)
  SELECT company_id, current_date, 'carryover', 'Saldovortrag', 'Balance brought forward', balance_cents
  FROM billing_contract WHERE balance_cents <> 0;
--> statement-breakpoint
-- Direct-debit contracts get their mandate reference (the customer number and the contract).
UPDATE billing_contract bc SET mandate_reference = 'PC-' || cu.customer_number || '-' || upper(substr(bc.id::text, 1, 8))
  FROM billing_customer cu WHERE cu.company_id = bc.company_id AND bc.bearer_type = 'Debit';
