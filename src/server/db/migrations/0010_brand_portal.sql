-- The brand portal: providers run by their members (owner or member), applied for by a brand
-- and pending until an admin approves them (existing providers are approved), a paused mission status,
-- budget top-ups (card through Stripe, or manual by an admin) and brands' requests to review a deal.
CREATE TABLE "budget_top_ups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mission_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"source" text NOT NULL,
	"stripe_payment_intent_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "budget_top_ups_stripe_payment_intent_id_unique" UNIQUE("stripe_payment_intent_id"),
	CONSTRAINT "budget_top_ups_amount_check" CHECK ("budget_top_ups"."amount_cents" > 0),
	CONSTRAINT "budget_top_ups_source_check" CHECK ("budget_top_ups"."source" in ('card', 'manual')),
	CONSTRAINT "budget_top_ups_status_check" CHECK ("budget_top_ups"."status" in ('pending', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "deal_review_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deal_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"requested_by" uuid,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_members_provider_user_unique" UNIQUE("provider_id","user_id"),
	CONSTRAINT "provider_members_role_check" CHECK ("provider_members"."role" in ('owner', 'member'))
);
--> statement-breakpoint
ALTER TABLE "missions" DROP CONSTRAINT "missions_status_check";--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "status" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "budget_top_ups" ADD CONSTRAINT "budget_top_ups_mission_id_missions_id_fk" FOREIGN KEY ("mission_id") REFERENCES "public"."missions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_top_ups" ADD CONSTRAINT "budget_top_ups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_review_requests" ADD CONSTRAINT "deal_review_requests_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_review_requests" ADD CONSTRAINT "deal_review_requests_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_review_requests" ADD CONSTRAINT "deal_review_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_members" ADD CONSTRAINT "provider_members_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_members" ADD CONSTRAINT "provider_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "budget_top_ups_mission_created_idx" ON "budget_top_ups" USING btree ("mission_id","created_at");--> statement-breakpoint
CREATE INDEX "deal_review_requests_deal_created_idx" ON "deal_review_requests" USING btree ("deal_id","created_at");--> statement-breakpoint
CREATE INDEX "provider_members_user_idx" ON "provider_members" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "missions" ADD CONSTRAINT "missions_status_check" CHECK ("missions"."status" in ('draft', 'published', 'paused', 'closed'));--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_status_check" CHECK ("providers"."status" in ('pending', 'approved'));