-- Creator codes a streamer chooses: unique whatever the case, and a code given up keeps pointing at
-- its former owner for 30 days (viewers still type it), during which nobody else may take it. One row
-- per change: the last 30 days' rows of a user are also how many changes they made.
CREATE UNIQUE INDEX "users_creator_code_upper_idx" ON "users" USING btree (upper("creator_code"));--> statement-breakpoint
CREATE TABLE "retired_creator_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "retired_creator_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"user_id" uuid NOT NULL,
	"retired_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "retired_creator_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE INDEX "retired_creator_codes_code_idx" ON "retired_creator_codes" USING btree ("code","retired_at");--> statement-breakpoint
CREATE INDEX "retired_creator_codes_user_idx" ON "retired_creator_codes" USING btree ("user_id","retired_at");
