-- Web Push. A device's subscription belongs to the session that made it, so a
-- logout (that session revoked) or a revoke-everywhere removes it: nothing reaches a signed-out phone.
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"device_label" text NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sent_at" timestamp with time zone,
	CONSTRAINT "push_subscriptions_endpoint_unique" UNIQUE("endpoint"),
	CONSTRAINT "push_subscriptions_locale_check" CHECK ("push_subscriptions"."locale" in ('en', 'fr', 'es'))
);
--> statement-breakpoint
-- The outbox: a notification is written in the transaction of the event that causes it, and sent by
-- whichever node claims it first (FOR UPDATE SKIP LOCKED), so it is sent once, and never for an event
-- that rolled back.
CREATE TABLE "push_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_outbox" ADD CONSTRAINT "push_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "push_subscriptions_session_idx" ON "push_subscriptions" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "push_outbox_due_idx" ON "push_outbox" USING btree ("next_attempt_at") WHERE "sent_at" IS NULL;--> statement-breakpoint
-- Whatever revokes a session (logout, revoke-everywhere, password reset, an operator's UPDATE), its
-- device stops receiving at that commit.
CREATE FUNCTION "push_forget_revoked_session"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.revoked_at IS NOT NULL AND OLD.revoked_at IS NULL THEN
    DELETE FROM "push_subscriptions" WHERE "session_id" = NEW.id;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sessions_push_forget" AFTER UPDATE OF "revoked_at" ON "sessions" FOR EACH ROW
  EXECUTE FUNCTION "push_forget_revoked_session"();--> statement-breakpoint
-- Wakes every node's dispatcher at commit; the slow poll covers a node that was not listening.
CREATE FUNCTION "push_outbox_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('streamdeals_push', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "push_outbox_wake" AFTER INSERT ON "push_outbox" FOR EACH STATEMENT
  EXECUTE FUNCTION "push_outbox_notify"();
--> statement-breakpoint
-- "Earnings available" has no write of its own (a hold ends with time): a sweep on every node finds
-- entries whose hold ended and records each here once (the primary key makes a second node's
-- insert a no-op) in the statement that queues the notification. Rows older than the sweep's
-- window are pruned.
CREATE TABLE "push_earnings_notified" (
	"entry_id" uuid PRIMARY KEY NOT NULL,
	"notified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "push_earnings_notified" ADD CONSTRAINT "push_earnings_notified_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_earnings_notified_at_idx" ON "push_earnings_notified" USING btree ("notified_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_available_idx" ON "ledger_entries" USING btree ("available_at") WHERE "available_at" IS NOT NULL;
