-- Uploaded files and logos in the database when it is PostgreSQL, so that instances on different
-- machines share them without a shared disk (docs/decisions/0070). A file is content-addressed:
-- one row per SHA-256 with its size, its bytes in chunks of 256 kB. A row whose hash is
-- still null is an upload being written (or one a crashed process left behind). No company data:
-- who may read a file is decided by the rows that reference its hash, so only the owner
-- connection reads these tables. PGlite keeps its files on disk and leaves them empty.
CREATE TABLE "stored_file" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hash" text,
	"size" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "stored_file_hash_uq" ON "stored_file" USING btree ("hash");--> statement-breakpoint
CREATE TABLE "stored_file_chunk" (
	"file_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"data" bytea NOT NULL,
	CONSTRAINT "stored_file_chunk_pk" PRIMARY KEY("file_id","seq")
);
--> statement-breakpoint
ALTER TABLE "stored_file_chunk" ADD CONSTRAINT "stored_file_chunk_file_id_stored_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_file"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Most uploads are compressed already (PDF, images, office files): storing the chunks out of
-- line without trying to compress them again saves the work.
ALTER TABLE "stored_file_chunk" ALTER COLUMN "data" SET STORAGE EXTERNAL;--> statement-breakpoint
-- The default privileges of 0001 granted pc_app everything on new tables.
REVOKE ALL ON stored_file, stored_file_chunk FROM pc_app;
