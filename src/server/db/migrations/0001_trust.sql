ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_kind_check";--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "occurrences" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "deal_events" ADD COLUMN "seq" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "deal_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "deal_events" ADD COLUMN "address_hash" text;--> statement-breakpoint
ALTER TABLE "deal_events" ADD COLUMN "occurrences" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "deal_events" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "flagged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "flag_reason" text;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "seq" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "available_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "rejected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "held_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_log_action_target_idx" ON "audit_log" USING btree ("action","target","last_seen_at");--> statement-breakpoint
CREATE INDEX "deal_events_deal_seq_idx" ON "deal_events" USING btree ("deal_id","seq");--> statement-breakpoint
CREATE INDEX "deal_events_address_created_idx" ON "deal_events" USING btree ("address_hash","created_at");--> statement-breakpoint
CREATE INDEX "deal_events_invalid_last_seen_idx" ON "deal_events" USING btree ("last_seen_at") WHERE not "deal_events"."valid";--> statement-breakpoint
CREATE INDEX "ledger_entries_wallet_seq_idx" ON "ledger_entries" USING btree ("wallet_id","seq");--> statement-breakpoint
CREATE INDEX "ledger_entries_held_idx" ON "ledger_entries" USING btree ("wallet_id","available_at") WHERE "ledger_entries"."held";--> statement-breakpoint
CREATE INDEX "ledger_entries_deal_idx" ON "ledger_entries" USING btree ("deal_id");--> statement-breakpoint
CREATE INDEX "sessions_ip_created_idx" ON "sessions" USING btree ("ip","created_at");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('earning', 'earning_reversal', 'payout', 'payout_reversal', 'adjustment'));--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_held_check" CHECK ("wallets"."held_cents" >= 0 and "wallets"."held_cents" <= "wallets"."balance_cents");