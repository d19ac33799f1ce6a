-- Custom SQL migration (issue 13, docs/decisions/0027, "Claims and companies kept between
-- requests"): a token that every change to what the authentication derives from a user's roles
-- and companies replaces, so a server may keep a user's claims and visible companies between
-- requests and still see such a change from the next request on. The authentication statement
-- reads it in the request's own snapshot and only recomputes the claims and companies when it
-- differs from the one they were computed at (platform/auth/plugin.ts). A missing row reads as
-- null, which matches no kept value: then every request recomputes, as before.
-- A random token rather than a counter: a database restored from a backup cannot bring back a
-- value that stood for other roles or companies when a server kept them.
INSERT INTO app_setting (key, value) VALUES ('auth_epoch', gen_random_uuid()::text) ON CONFLICT (key) DO NOTHING;
--> statement-breakpoint
-- Replaced at commit (deferred constraint triggers), once per transaction however many rows it
-- changed: the row is then locked for the commit alone, after every other lock the transaction
-- took, so writers neither queue behind each other's open transactions nor deadlock over it.
-- Security definer: the writes that replace it run as pc_app, which may not touch app_setting.
CREATE FUNCTION pc_auth_epoch_move() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF current_setting('app.auth_epoch_moved', true) IS DISTINCT FROM 'on' THEN
    PERFORM set_config('app.auth_epoch_moved', 'on', true);
    UPDATE app_setting SET value = gen_random_uuid()::text WHERE key = 'auth_epoch';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Visible companies (pc_visible_companies): the user's own company, grants, groups and agencies.
CREATE CONSTRAINT TRIGGER company_auth_epoch AFTER INSERT OR DELETE OR UPDATE OF id, parent_id, agency_id, is_active ON company
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pc_auth_epoch_move();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER user_company_auth_epoch AFTER INSERT OR UPDATE OR DELETE ON user_company
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pc_auth_epoch_move();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER app_user_auth_epoch AFTER DELETE OR UPDATE OF id, company_id ON app_user
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pc_auth_epoch_move();
--> statement-breakpoint
-- Claims: the user's roles and the roles' claims.
CREATE CONSTRAINT TRIGGER user_role_auth_epoch AFTER INSERT OR UPDATE OR DELETE ON user_role
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pc_auth_epoch_move();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER role_claim_auth_epoch AFTER INSERT OR UPDATE OR DELETE ON role_claim
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION pc_auth_epoch_move();
--> statement-breakpoint
-- Constraint triggers are per row; a TRUNCATE fires none of them.
CREATE TRIGGER auth_epoch_truncate AFTER TRUNCATE ON company FOR EACH STATEMENT EXECUTE FUNCTION pc_auth_epoch_move();
--> statement-breakpoint
CREATE TRIGGER auth_epoch_truncate AFTER TRUNCATE ON user_company FOR EACH STATEMENT EXECUTE FUNCTION pc_auth_epoch_move();
--> statement-breakpoint
CREATE TRIGGER auth_epoch_truncate AFTER TRUNCATE ON app_user FOR EACH STATEMENT EXECUTE FUNCTION pc_auth_epoch_move();
--> statement-breakpoint
CREATE TRIGGER auth_epoch_truncate AFTER TRUNCATE ON user_role FOR EACH STATEMENT EXECUTE FUNCTION pc_auth_epoch_move();
--> statement-breakpoint
CREATE TRIGGER auth_epoch_truncate AFTER TRUNCATE ON role_claim FOR EACH STATEMENT EXECUTE FUNCTION pc_auth_epoch_move();
