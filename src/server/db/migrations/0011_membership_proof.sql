-- A brand membership is proven, never inferred from an address: an invitation waits here, keyed by the
-- hash of the token mailed to the invited address, until a signed-in account holding that very address
-- redeems it (redeemed_at set once, by one conditional UPDATE). Nothing attaches a membership by e-mail
-- match any more. Older pending invitations of the same brand and address are expired when a new one is
-- sent, so only the latest mailed link works.
CREATE TABLE "provider_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"redeemed_at" timestamp with time zone,
	"redeemed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_invitations_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "provider_invitations_role_check" CHECK ("provider_invitations"."role" in ('owner', 'member'))
);
--> statement-breakpoint
ALTER TABLE "provider_invitations" ADD CONSTRAINT "provider_invitations_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_invitations" ADD CONSTRAINT "provider_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_invitations" ADD CONSTRAINT "provider_invitations_redeemed_by_users_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_invitations_provider_email_idx" ON "provider_invitations" USING btree ("provider_id",lower("email"));
