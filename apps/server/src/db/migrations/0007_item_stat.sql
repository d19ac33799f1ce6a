CREATE TABLE "item_stat" (
	"company_id" uuid NOT NULL,
	"type" text NOT NULL,
	"status" smallint NOT NULL,
	"due_date" date,
	"n" integer NOT NULL,
	CONSTRAINT "item_stat_key" UNIQUE NULLS NOT DISTINCT("company_id","type","status","due_date")
);
--> statement-breakpoint
ALTER TABLE "item_stat" ADD CONSTRAINT "item_stat_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;