-- Tracked clicks as they arrive: one append each, settled (credited or refused) behind the answer.
-- No foreign key to deals: its KEY SHARE lock on the deal row would be one lock every click of a raid
-- takes; settlement treats a row whose deal is gone as settled with nothing to do.
CREATE TABLE "click_intake" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "click_intake_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"deal_id" uuid NOT NULL,
	"network" text,
	"visitor_hash" text NOT NULL,
	"address_hash" text,
	"refusal" text,
	"viewer_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "click_intake_pending_idx" ON "click_intake" USING btree ("deal_id","id") WHERE "click_intake"."settled_at" is null;--> statement-breakpoint
CREATE INDEX "click_intake_settled_idx" ON "click_intake" USING btree ("settled_at") WHERE "click_intake"."settled_at" is not null;
