-- Custom SQL migration (issue 39, "Mail relay"): mails whose text a tenant chooses (invitations,
-- questionnaires) name the company of the user who sent them, so that each company's volume can
-- be limited per hour and the operator sees it per company.
ALTER TABLE "mail_outbox" ADD COLUMN "sender_company_id" uuid;
--> statement-breakpoint
CREATE INDEX "mail_outbox_sender_idx" ON "mail_outbox" USING btree ("sender_company_id","created_at");
--> statement-breakpoint
-- How many such mails the caller's own company queued since `since`, and whether it is in a trial.
-- Request code may not read the outbox, hence security definer. It takes a lock per company
-- until the transaction ends, so two requests of one company count one after the other and
-- cannot both pass the last free place.
CREATE FUNCTION pc_relay_mail_usage(since timestamptz) RETURNS TABLE (sent integer, in_trial boolean)
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public AS $$
DECLARE
  home uuid;
BEGIN
  SELECT company_id INTO home FROM app_user WHERE id = pc_user_id();
  IF home IS NULL THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('pc_relay_mail:' || home::text));
  RETURN QUERY SELECT
    (SELECT count(*)::int FROM mail_outbox o WHERE o.sender_company_id = home AND o.created_at >= since),
    EXISTS (SELECT 1 FROM billing_contract b WHERE b.company_id = home AND b.lifecycle_status = 'InTrial');
END
$$;
