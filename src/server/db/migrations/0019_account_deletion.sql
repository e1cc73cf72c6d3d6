-- A deleted account keeps its row, emptied of everything that names the person: its invoices, ledger
-- entries and payouts must be kept for ten years (French accounting law) and point at this row.
-- deleted_at marks it; the export and the deletion refuse it, and no session can sign it in again.
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;
--> statement-breakpoint
-- One phone per account: once the wallet holds the identity, its phone is the profile's. A phone known
-- only to the profile moves into the identity (nothing is lost); where both exist the identity's wins.
UPDATE "wallets" SET "person" = jsonb_set("person", '{phone}', to_jsonb("users"."phone"))
FROM "users"
WHERE "users"."id" = "wallets"."user_id" AND "wallets"."person" IS NOT NULL
  AND "wallets"."person"->>'phone' IS NULL AND "users"."phone" IS NOT NULL;--> statement-breakpoint
UPDATE "users" SET "phone" = "wallets"."person"->>'phone'
FROM "wallets"
WHERE "wallets"."user_id" = "users"."id" AND "wallets"."person" IS NOT NULL
  AND "users"."phone" IS DISTINCT FROM "wallets"."person"->>'phone';
