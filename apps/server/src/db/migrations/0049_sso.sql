-- Single sign-on (OpenID Connect) of an account: one provider per account company.
CREATE TABLE "sso_config" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret" text NOT NULL,
	"domains" text[] DEFAULT '{}'::text[] NOT NULL,
	"default_role_id" uuid NOT NULL,
	"password_login_disabled" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sso_config" ADD CONSTRAINT "sso_config_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_config" ADD CONSTRAINT "sso_config_default_role_id_role_id_fk" FOREIGN KEY ("default_role_id") REFERENCES "public"."role"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_user" ADD COLUMN "sso_issuer" text;--> statement-breakpoint
ALTER TABLE "app_user" ADD COLUMN "sso_subject" text;--> statement-breakpoint
CREATE UNIQUE INDEX "app_user_sso_subject_uq" ON "app_user" USING btree ("sso_issuer","sso_subject");
--> statement-breakpoint
-- The provider's client secret and the account's settings are the account's data.
ALTER TABLE sso_config ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY sso_config_tenant ON sso_config FOR ALL
  USING (company_id = ANY ((SELECT pc_tenant_ids())::uuid[]))
  WITH CHECK (company_id = ANY ((SELECT pc_tenant_ids())::uuid[]));
--> statement-breakpoint
-- A domain belongs to one account: which of the given domains another account already covers.
-- Security definer: request code cannot see other accounts' rows; it learns only the names it asked about.
CREATE FUNCTION pc_sso_domains_taken(wanted text[], own uuid) RETURNS text[] LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT coalesce(array_agg(DISTINCT d), '{}'::text[]) FROM sso_config c, unnest(c.domains) d
  WHERE c.company_id <> own AND d = ANY (wanted)
$$;
