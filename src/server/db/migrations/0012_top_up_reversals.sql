-- Card top-ups taken back after they were credited: refunds (cumulative, as Stripe reports them) and a
-- dispute (its amount, and whether it is open, won or lost), so each moves the budget once.
ALTER TABLE "budget_top_ups" ADD COLUMN "refunded_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "budget_top_ups" ADD COLUMN "disputed_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "budget_top_ups" ADD COLUMN "dispute_status" text;--> statement-breakpoint
ALTER TABLE "budget_top_ups" ADD CONSTRAINT "budget_top_ups_dispute_status_check" CHECK ("budget_top_ups"."dispute_status" in ('open', 'won', 'lost'));--> statement-breakpoint
ALTER TABLE "budget_top_ups" ADD CONSTRAINT "budget_top_ups_taken_back_check" CHECK ("budget_top_ups"."refunded_cents" between 0 and "budget_top_ups"."amount_cents" and "budget_top_ups"."disputed_cents" between 0 and "budget_top_ups"."amount_cents");
