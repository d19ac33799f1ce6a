-- Invitations between companies and DPOs, and between agencies and clients (spec 001 §3, issue 16).
-- The sender's company sees its invitations by tenancy; the recipient, who belongs to another
-- tenant, sees those addressed to their user or e-mail address. Accepting changes a company the
-- recipient cannot see yet, so that one step is a security-definer function that checks the caller
-- is the recipient of a pending, unexpired invitation before it acts.
CREATE TABLE "invitation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" text NOT NULL CHECK ("purpose" IN ('AsDpo', 'AsClient')),
	"sender_user_id" uuid,
	"sender_company_id" uuid NOT NULL,
	"sender_name" text NOT NULL,
	"company_name" text NOT NULL,
	"recipient_email" text NOT NULL,
	"recipient_user_id" uuid,
	"recipient_company_id" uuid,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"status" text DEFAULT 'Pending' NOT NULL CHECK ("status" IN ('Pending', 'Accepted', 'Declined', 'Withdrawn')),
	"response_date" timestamp with time zone,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invitation" ADD CONSTRAINT "invitation_sender_user_id_app_user_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invitation" ADD CONSTRAINT "invitation_sender_company_id_company_id_fk" FOREIGN KEY ("sender_company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invitation" ADD CONSTRAINT "invitation_recipient_user_id_app_user_id_fk" FOREIGN KEY ("recipient_user_id") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "invitation" ADD CONSTRAINT "invitation_recipient_company_id_company_id_fk" FOREIGN KEY ("recipient_company_id") REFERENCES "public"."company"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "invitation_token_hash_uq" ON "invitation" USING btree ("token_hash");
--> statement-breakpoint
CREATE INDEX "invitation_sender_company_idx" ON "invitation" USING btree ("sender_company_id");
--> statement-breakpoint
CREATE INDEX "invitation_recipient_email_idx" ON "invitation" USING btree (lower("recipient_email"));
--> statement-breakpoint
-- The caller's own address (their app_user row is visible to them, but a policy should not depend on that).
CREATE FUNCTION pc_user_email() RETURNS text LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT lower(email) FROM app_user WHERE id = pc_user_id()
$$;
--> statement-breakpoint
-- The active user an invitation is addressed to, if there is one (their tenant is not the sender's).
CREATE FUNCTION pc_invitation_recipient(address text) RETURNS TABLE (user_id uuid, company_id uuid, language text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT id, company_id, language FROM app_user WHERE lower(email) = lower(trim(address)) AND is_active
$$;
--> statement-breakpoint
-- Accepting: as DPO the caller becomes the sending company's DPO and is granted it; as client the
-- caller's company becomes a client of the sending agency. Refuses (raises) unless the caller is
-- the recipient of this pending, unexpired invitation; the service checks the same first and
-- answers 404/409, so a refusal here only happens in a race.
CREATE FUNCTION pc_invitation_accept(invitation_id uuid) RETURNS text LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public AS $$
DECLARE
  i invitation%ROWTYPE;
  me uuid := pc_user_id();
  my_company uuid;
BEGIN
  SELECT * INTO i FROM invitation WHERE id = invitation_id FOR UPDATE;
  IF NOT FOUND OR me IS NULL OR i.status <> 'Pending' OR i.expires_at <= now()
     OR NOT (i.recipient_user_id = me OR lower(i.recipient_email) = pc_user_email()) THEN
    RAISE EXCEPTION 'invitation % cannot be accepted by this user', invitation_id USING ERRCODE = '55000';
  END IF;
  SELECT company_id INTO my_company FROM app_user WHERE id = me;
  IF i.purpose = 'AsDpo' THEN
    UPDATE company SET data_privacy_agent_id = me WHERE id = i.sender_company_id;
    INSERT INTO user_company (user_id, company_id) VALUES (me, i.sender_company_id) ON CONFLICT DO NOTHING;
  ELSE
    IF my_company = i.sender_company_id THEN
      RAISE EXCEPTION 'a company cannot be its own client' USING ERRCODE = '55000';
    END IF;
    UPDATE company SET agency_id = i.sender_company_id WHERE id = my_company;
  END IF;
  UPDATE invitation SET status = 'Accepted', response_date = now(), recipient_user_id = me, recipient_company_id = my_company
  WHERE id = invitation_id;
  RETURN i.company_name;
END
$$;
--> statement-breakpoint
ALTER TABLE "invitation" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY invitation_read ON invitation FOR SELECT USING (
  sender_company_id = ANY ((SELECT pc_tenant_ids())::uuid[])
  OR recipient_user_id = (SELECT pc_user_id())
  OR lower(recipient_email) = (SELECT pc_user_email()));
--> statement-breakpoint
CREATE POLICY invitation_insert ON invitation FOR INSERT WITH CHECK (
  sender_company_id = ANY ((SELECT pc_tenant_ids())::uuid[]) AND sender_user_id = (SELECT pc_user_id()));
--> statement-breakpoint
CREATE POLICY invitation_update ON invitation FOR UPDATE
  USING (
    sender_company_id = ANY ((SELECT pc_tenant_ids())::uuid[])
    OR recipient_user_id = (SELECT pc_user_id())
    OR lower(recipient_email) = (SELECT pc_user_email()))
  WITH CHECK (
    sender_company_id = ANY ((SELECT pc_tenant_ids())::uuid[])
    OR recipient_user_id = (SELECT pc_user_id())
    OR lower(recipient_email) = (SELECT pc_user_email()));
--> statement-breakpoint
CREATE POLICY invitation_delete ON invitation FOR DELETE USING (sender_company_id = ANY ((SELECT pc_tenant_ids())::uuid[]));
