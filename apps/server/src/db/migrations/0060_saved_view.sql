-- A user's saved views of a list (filter, sort, columns and widths); one default per user and list.
CREATE TABLE "saved_view" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"register" text NOT NULL,
	"name" text NOT NULL,
	"filter" jsonb NOT NULL,
	"sort" text NOT NULL,
	"dir" text NOT NULL,
	"columns" jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_view" ADD CONSTRAINT "saved_view_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_view_name_uq" ON "saved_view" USING btree ("user_id","register",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "saved_view_default_uq" ON "saved_view" USING btree ("user_id","register") WHERE "saved_view"."is_default";
--> statement-breakpoint
-- A view is its user's alone.
ALTER TABLE saved_view ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY saved_view_own ON saved_view FOR ALL
  USING (user_id = (SELECT pc_user_id())) WITH CHECK (user_id = (SELECT pc_user_id()));
