-- A brand's webhooks: where its events are posted, signed with the hook's secret. The secret is kept
-- as is (not hashed): the server must produce HMACs with it on every delivery, so a one-way hash
-- cannot serve; it is shown once at creation and never answered again.
CREATE TABLE "brand_webhooks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"url" text NOT NULL,
	"secret" text NOT NULL,
	"events" text[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"disabled_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brand_webhooks_failures_check" CHECK ("brand_webhooks"."consecutive_failures" >= 0)
);
--> statement-breakpoint
ALTER TABLE "brand_webhooks" ADD CONSTRAINT "brand_webhooks_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_webhooks" ADD CONSTRAINT "brand_webhooks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "brand_webhooks_provider_idx" ON "brand_webhooks" USING btree ("provider_id");--> statement-breakpoint
-- One row per event and hook, written in (or right after) the transaction of the event, and sent by
-- whichever node claims it first (FOR UPDATE SKIP LOCKED): it survives a restart and is sent once.
-- The last attempt's answer (status, duration, error) is the delivery log the portal shows.
CREATE TABLE "brand_webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"webhook_id" uuid NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"response_status" integer,
	"duration_ms" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "brand_webhook_deliveries_status_check" CHECK ("brand_webhook_deliveries"."status" in ('pending', 'delivered', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "brand_webhook_deliveries" ADD CONSTRAINT "brand_webhook_deliveries_webhook_id_brand_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."brand_webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "brand_webhook_deliveries_due_idx" ON "brand_webhook_deliveries" USING btree ("next_attempt_at") WHERE "status" = 'pending';--> statement-breakpoint
CREATE INDEX "brand_webhook_deliveries_hook_idx" ON "brand_webhook_deliveries" USING btree ("webhook_id","created_at");--> statement-breakpoint
-- Wakes every node's webhook dispatcher at commit; a slow poll covers a node that was not listening.
CREATE FUNCTION "brand_webhook_deliveries_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('streamdeals_webhooks', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "brand_webhook_deliveries_wake" AFTER INSERT ON "brand_webhook_deliveries" FOR EACH STATEMENT
  EXECUTE FUNCTION "brand_webhook_deliveries_notify"();--> statement-breakpoint
-- A brand's API keys: only the SHA-256 of the key is kept (the key is 256 random bits, beyond
-- guessing, so a slow password hash would add nothing but a cost on every request).
CREATE TABLE "brand_api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"scope" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "brand_api_keys_key_hash_unique" UNIQUE("key_hash"),
	CONSTRAINT "brand_api_keys_scope_check" CHECK ("brand_api_keys"."scope" in ('read', 'write'))
);
--> statement-breakpoint
ALTER TABLE "brand_api_keys" ADD CONSTRAINT "brand_api_keys_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_api_keys" ADD CONSTRAINT "brand_api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "brand_api_keys_provider_idx" ON "brand_api_keys" USING btree ("provider_id");
