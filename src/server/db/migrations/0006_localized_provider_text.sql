-- A provider's description in every locale, like a mission's texts; the existing text is kept as English.
ALTER TABLE "providers" ALTER COLUMN "description" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "providers" ALTER COLUMN "description" SET DATA TYPE jsonb USING jsonb_build_object('en', "description");--> statement-breakpoint
ALTER TABLE "providers" ALTER COLUMN "description" SET DEFAULT '{"en":""}'::jsonb;
