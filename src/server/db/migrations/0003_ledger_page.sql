DROP INDEX "ledger_entries_wallet_created_idx";--> statement-breakpoint
ALTER TABLE "wallets" ADD COLUMN "ledger_entry_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "ledger_entries_wallet_created_idx" ON "ledger_entries" USING btree ("wallet_id","created_at","id");--> statement-breakpoint
-- Existing wallets start from their real count; postLedgerEntry keeps it from here on.
UPDATE "wallets" SET "ledger_entry_count" = (SELECT count(*) FROM "ledger_entries" WHERE "ledger_entries"."wallet_id" = "wallets"."id");
