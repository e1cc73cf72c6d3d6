-- A draft sent back to its brand keeps the operator's reason (the brand reads it in its portal) until
-- the brand edits it again; reviewed_at says when the last decision was taken.
ALTER TABLE "missions" ADD COLUMN "review_note" text;--> statement-breakpoint
ALTER TABLE "missions" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "missions_queue_idx" ON "missions" USING btree ("created_at") WHERE "status" = 'draft' AND "review_note" IS NULL;--> statement-breakpoint
-- A SEPA credit-transfer batch: which payouts left in one file, when, by whom, and the file's message id
-- (unique: a bank refuses a message id it has already seen).
CREATE TABLE "payout_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" text NOT NULL,
	"created_by" uuid,
	"total_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_batches_message_id_unique" UNIQUE("message_id"),
	CONSTRAINT "payout_batches_total_check" CHECK ("payout_batches"."total_cents" > 0)
);--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- A payout sits in one batch at most: the column holds one batch, and it is only ever set where it is null.
ALTER TABLE "payouts" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_batch_id_payout_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payout_batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payouts_batch_idx" ON "payouts" USING btree ("batch_id");
