-- Per category, whether a user gets notifications in the app and how by e-mail (off, at once, in
-- the weekly digest). A row with a user is that user's choice; a row without one is the default
-- an account's administrators set for their company's users.
CREATE TABLE "notification_setting" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid,
	"category" text NOT NULL,
	"in_app" boolean NOT NULL,
	"email" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_setting_category" CHECK (category IN ('breach', 'request', 'assigned', 'due', 'invitation', 'questionnaire', 'trial', 'webhook')),
	CONSTRAINT "notification_setting_email" CHECK (email IN ('off', 'immediately', 'digest'))
);
--> statement-breakpoint
ALTER TABLE "notification_setting" ADD CONSTRAINT "notification_setting_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_setting" ADD CONSTRAINT "notification_setting_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_setting_user_uq" ON "notification_setting" USING btree ("user_id","category") WHERE "user_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_setting_company_uq" ON "notification_setting" USING btree ("company_id","category") WHERE "user_id" IS NULL;--> statement-breakpoint
-- A user reads and writes their own choices; the company's defaults are read and written in a
-- request that sees the company (the route lets only the account's administrators write them).
ALTER TABLE notification_setting ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY notification_setting_own ON notification_setting FOR ALL
  USING (CASE WHEN user_id IS NULL THEN company_id = ANY ((SELECT pc_tenant_ids())::uuid[]) ELSE user_id = pc_user_id() END)
  WITH CHECK (CASE WHEN user_id IS NULL THEN company_id = ANY ((SELECT pc_tenant_ids())::uuid[]) ELSE user_id = pc_user_id() END);
--> statement-breakpoint
-- The category a kind of notification belongs to.
CREATE FUNCTION pc_notify_category(kind text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN kind IN ('due_soon', 'due_tomorrow', 'overdue') THEN 'due'
    WHEN kind LIKE 'breach%' THEN 'breach'
    WHEN kind LIKE 'request%' THEN 'request'
    WHEN kind LIKE 'invitation%' THEN 'invitation'
    WHEN kind LIKE 'questionnaire%' THEN 'questionnaire'
    WHEN kind LIKE 'trial%' THEN 'trial'
    WHEN kind LIKE 'webhook%' THEN 'webhook'
    ELSE kind END
$$;
--> statement-breakpoint
-- What applies to a user in a category: their own choice, else their company's default, else the
-- product's (breaches and privacy requests by e-mail at once, assignments and due reminders in the
-- digest, the rest at once; in the app always). For the owner's code and the functions below.
CREATE FUNCTION pc_notify_channel_of(uid uuid, cat text) RETURNS TABLE (in_app boolean, email text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT s.in_app, s.email FROM (
    SELECT ns.in_app, ns.email, 1 AS rank FROM notification_setting ns WHERE ns.user_id = uid AND ns.category = cat
    UNION ALL
    SELECT ns.in_app, ns.email, 2 FROM notification_setting ns JOIN app_user u ON u.id = uid
     WHERE ns.user_id IS NULL AND ns.company_id = u.company_id AND ns.category = cat
    UNION ALL
    SELECT true, CASE WHEN cat IN ('assigned', 'due') THEN 'digest' ELSE 'immediately' END, 3
  ) s
  ORDER BY s.rank LIMIT 1
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION pc_notify_channel_of(uuid, text) FROM PUBLIC;
--> statement-breakpoint
-- The same for request code: only about users the request may read (itself, its companies' users).
CREATE FUNCTION pc_notify_channel(uid uuid, cat text) RETURNS TABLE (in_app boolean, email text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT c.in_app, c.email FROM pc_notify_channel_of(uid, cat) c
  WHERE pc_user_id() IS NULL OR uid = pc_user_id() OR uid = ANY (pc_visible_user_ids())
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION pc_notify_channel(uuid, text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION pc_notify_channel(uuid, text) TO pc_app;
--> statement-breakpoint
-- A notification whose category the user turned off in the app still holds its place in the
-- exactly-once key, but is not listed or counted.
ALTER TABLE "notification" ADD COLUMN "in_app" boolean DEFAULT true NOT NULL;--> statement-breakpoint
DROP INDEX "notification_unread_idx";--> statement-breakpoint
CREATE INDEX "notification_unread_idx" ON "notification" USING btree ("recipient_id","company_id") WHERE "read_at" IS NULL AND "in_app";--> statement-breakpoint
CREATE INDEX "notification_list_idx" ON "notification" USING btree ("recipient_id","created_at") WHERE "in_app";--> statement-breakpoint
DROP INDEX "notification_recipient_idx";--> statement-breakpoint
ALTER TABLE "notification" DROP CONSTRAINT "notification_kind";--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_kind" CHECK (kind IN ('assigned', 'due_soon', 'due_tomorrow', 'overdue', 'breach_created', 'breach_deadline', 'request_received', 'request_deadline', 'invitation_accepted', 'invitation_declined', 'questionnaire_answered', 'trial_ending', 'weekly_digest', 'webhook_paused'));--> statement-breakpoint
-- Deadline alerts were one mail category; each notification category now has its own.
INSERT INTO mail_opt_out (email, category)
  SELECT o.email, c.category FROM mail_opt_out o CROSS JOIN (VALUES ('notify-breach'), ('notify-request')) AS c(category)
  WHERE o.category = 'deadlines'
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The sender of an invitation learns that it was accepted or declined. The recipient's request
-- cannot write into the sender's company, so this writes it, and only for an invitation the
-- caller has just answered themselves.
CREATE FUNCTION pc_notify_invitation_answered(inv uuid) RETURNS void LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public AS $$
  INSERT INTO notification (company_id, recipient_id, item_id, kind, threshold, data, in_app, mail_pending)
  SELECT i.sender_company_id, i.sender_user_id, NULL,
         CASE i.status WHEN 'Accepted' THEN 'invitation_accepted' ELSE 'invitation_declined' END,
         i.id::text,
         jsonb_build_object('subject',
           coalesce(nullif(trim(u.firstname || ' ' || u.lastname), ''), i.recipient_email) || coalesce(' (' || c.name || ')', ''),
           'link', '/invitation'),
         ch.in_app, ch.email = 'immediately'
  FROM invitation i
  JOIN app_user u ON u.id = i.recipient_user_id
  LEFT JOIN company c ON c.id = i.recipient_company_id
  CROSS JOIN LATERAL pc_notify_channel_of(i.sender_user_id, 'invitation') ch
  WHERE i.id = inv AND i.status IN ('Accepted', 'Declined') AND i.recipient_user_id = pc_user_id()
    AND i.sender_user_id IS NOT NULL AND pc_notify_may_see(i.sender_user_id, i.sender_company_id)
  ON CONFLICT DO NOTHING
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION pc_notify_invitation_answered(uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION pc_notify_invitation_answered(uuid) TO pc_app;
