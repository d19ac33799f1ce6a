-- Every record a form edits carries a version, raised by the database on every update of the row
-- (whoever writes it: a form, the wizard, an import), so a save based on an older version can be
-- told apart and refused instead of silently replacing what someone else saved in between.
CREATE FUNCTION pc_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := OLD.version + 1;
  RETURN NEW;
END
$$;
--> statement-breakpoint
ALTER TABLE "item" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
CREATE TRIGGER item_version BEFORE UPDATE ON item FOR EACH ROW EXECUTE FUNCTION pc_version_bump();
--> statement-breakpoint
ALTER TABLE "company" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
CREATE TRIGGER company_version BEFORE UPDATE ON company FOR EACH ROW EXECUTE FUNCTION pc_version_bump();
--> statement-breakpoint
ALTER TABLE "app_user" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
-- Only the columns of the user form: sign-ins, failed logins and second-factor steps change the
-- row too, and must not make an administrator's open form stale.
CREATE TRIGGER app_user_version BEFORE UPDATE OF email, firstname, lastname, language, company_id, is_active, valid_until
  ON app_user FOR EACH ROW EXECUTE FUNCTION pc_version_bump();
--> statement-breakpoint
ALTER TABLE "role" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
CREATE TRIGGER role_version BEFORE UPDATE ON role FOR EACH ROW EXECUTE FUNCTION pc_version_bump();
--> statement-breakpoint
ALTER TABLE "project" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
CREATE TRIGGER project_version BEFORE UPDATE ON project FOR EACH ROW EXECUTE FUNCTION pc_version_bump();
--> statement-breakpoint
ALTER TABLE "time_record" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
CREATE TRIGGER time_record_version BEFORE UPDATE ON time_record FOR EACH ROW EXECUTE FUNCTION pc_version_bump();
--> statement-breakpoint
ALTER TABLE "appointment" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
CREATE TRIGGER appointment_version BEFORE UPDATE ON appointment FOR EACH ROW EXECUTE FUNCTION pc_version_bump();
--> statement-breakpoint
ALTER TABLE "text_module" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
CREATE TRIGGER text_module_version BEFORE UPDATE ON text_module FOR EACH ROW EXECUTE FUNCTION pc_version_bump();
--> statement-breakpoint
ALTER TABLE "tag" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
CREATE TRIGGER tag_version BEFORE UPDATE ON tag FOR EACH ROW EXECUTE FUNCTION pc_version_bump();
