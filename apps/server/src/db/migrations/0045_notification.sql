-- What the product tells a user between logins: one row per (item, kind, threshold, recipient),
-- so an event or a scheduler pass that runs twice (two instances, a restart) notifies once.
CREATE TABLE "notification" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"recipient_id" uuid NOT NULL,
	"item_id" uuid,
	"kind" text NOT NULL,
	"threshold" text DEFAULT '' NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_recipient_id_app_user_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_item_id_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."item"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_kind" CHECK (kind IN ('assigned', 'due_soon', 'due_tomorrow', 'overdue', 'breach_created', 'breach_deadline', 'request_received', 'request_deadline'));--> statement-breakpoint
CREATE UNIQUE INDEX "notification_once_uq" ON "notification" USING btree ("item_id","kind","threshold","recipient_id") NULLS NOT DISTINCT;--> statement-breakpoint
CREATE INDEX "notification_recipient_idx" ON "notification" USING btree ("recipient_id","created_at");--> statement-breakpoint
-- The bell's count is one index range: the recipient's unread rows.
CREATE INDEX "notification_unread_idx" ON "notification" USING btree ("recipient_id","company_id") WHERE "read_at" IS NULL;--> statement-breakpoint
-- A user reads and marks only their own notifications, and only in companies the request sees;
-- a request may write one for another user of a company it sees (an assignment, a new breach).
ALTER TABLE notification ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY notification_own ON notification FOR SELECT
  USING (recipient_id = pc_user_id() AND company_id = ANY ((SELECT pc_tenant_ids())::uuid[]));
--> statement-breakpoint
CREATE POLICY notification_mark ON notification FOR UPDATE
  USING (recipient_id = pc_user_id() AND company_id = ANY ((SELECT pc_tenant_ids())::uuid[]))
  WITH CHECK (recipient_id = pc_user_id() AND company_id = ANY ((SELECT pc_tenant_ids())::uuid[]));
--> statement-breakpoint
CREATE POLICY notification_write ON notification FOR INSERT
  WITH CHECK (company_id = ANY ((SELECT pc_tenant_ids())::uuid[]));
--> statement-breakpoint
REVOKE DELETE ON notification FROM pc_app;
--> statement-breakpoint
-- The company and the companies above it (its group, its agency): the users of those see it,
-- and a grant given for one of them covers it.
CREATE FUNCTION pc_notify_company_chain(cid uuid) RETURNS TABLE (id uuid) LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  WITH RECURSIVE up(id) AS (
    SELECT cid
    UNION
    SELECT p.id FROM up JOIN company c ON c.id = up.id
      CROSS JOIN LATERAL (VALUES (c.parent_id), (c.agency_id)) AS p(id) WHERE p.id IS NOT NULL
  )
  SELECT id FROM up
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION pc_notify_company_chain(uuid) FROM PUBLIC;
--> statement-breakpoint
-- Whether a user would see a company in a request of their own (active; the company among those
-- their account or a live grant gives them): nobody is notified about a company they cannot open.
CREATE FUNCTION pc_notify_may_see(uid uuid, cid uuid) RETURNS boolean LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT EXISTS (SELECT 1 FROM app_user u WHERE u.id = uid AND u.is_active AND (u.valid_until IS NULL OR u.valid_until > now()))
     AND (EXISTS (SELECT 1 FROM pc_visible_companies(uid) v WHERE v.id = cid)
          OR EXISTS (SELECT 1 FROM company_grant g WHERE g.user_id = uid AND g.suspended_at IS NULL
                       AND g.company_id IN (SELECT id FROM pc_notify_company_chain(cid))))
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION pc_notify_may_see(uuid, uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION pc_notify_may_see(uuid, uuid) TO pc_app;
--> statement-breakpoint
-- The users of a company who hold a claim there: by their home roles (users of the company or a
-- company above it, or given it), or by the roles a grant gives them; and the company's DPO user.
-- Candidates only: the caller still keeps those pc_notify_may_see admits.
CREATE FUNCTION pc_notify_claim_holders(cid uuid, wanted text) RETURNS uuid[] LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT coalesce(array_agg(DISTINCT x.id), '{}') FROM (
    SELECT ur.user_id AS id FROM user_role ur JOIN role_claim rc ON rc.role_id = ur.role_id AND rc.claim = wanted
     WHERE ur.user_id IN (SELECT u.id FROM app_user u WHERE u.company_id IN (SELECT id FROM pc_notify_company_chain(cid))
                          UNION SELECT g.user_id FROM user_company g WHERE g.company_id IN (SELECT id FROM pc_notify_company_chain(cid)))
       AND NOT EXISTS (SELECT 1 FROM company_grant cg WHERE cg.user_id = ur.user_id AND cg.company_id IN (SELECT id FROM pc_notify_company_chain(cid)))
    UNION
    SELECT g.user_id FROM company_grant g JOIN role_claim rc ON rc.role_id = ANY (g.role_ids) AND rc.claim = wanted
     WHERE g.suspended_at IS NULL AND g.company_id IN (SELECT id FROM pc_notify_company_chain(cid))
    UNION
    SELECT c.data_privacy_agent_id FROM company c WHERE c.id = cid AND c.data_privacy_agent_id IS NOT NULL
  ) x
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION pc_notify_claim_holders(uuid, text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION pc_notify_claim_holders(uuid, text) TO pc_app;
