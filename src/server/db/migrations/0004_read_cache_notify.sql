-- Nodes keep the answers of signed-in reads (deal list, wallet, signed-in catalogue) in
-- memory until the database announces that what they were made of changed, whatever changed it (a
-- request on any node, a job, an operator's UPDATE). NOTIFY is delivered at commit, and identical
-- payloads of one transaction are sent once, so a thousand ledger rows of one payout make one message.
-- Payloads on 'streamdeals_reads': 'u:<user id>' (that user's answers), '*' (everyone's: a mission or a
-- provider changed, or a spot was taken or given back, which every list showing that mission counts).
CREATE FUNCTION "notify_reads_of_deal"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.state IS NOT DISTINCT FROM NEW.state AND OLD.user_id = NEW.user_id
     AND OLD.mission_id = NEW.mission_id THEN
    PERFORM pg_notify('streamdeals_reads', 'u:' || NEW.user_id::text);
  ELSE
    PERFORM pg_notify('streamdeals_reads', '*');
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "notify_reads_of_wallet_row"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner uuid;
BEGIN
  SELECT "user_id" INTO owner FROM "wallets"
    WHERE "id" = (CASE WHEN TG_OP = 'DELETE' THEN OLD.wallet_id ELSE NEW.wallet_id END);
  IF owner IS NOT NULL THEN
    PERFORM pg_notify('streamdeals_reads', 'u:' || owner::text);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "notify_reads_of_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('streamdeals_reads', 'u:' || (CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END)::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "notify_reads_of_user_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('streamdeals_reads', 'u:' || OLD.id::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "notify_reads_of_everyone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('streamdeals_reads', '*');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "deals_reads_notify" AFTER INSERT OR UPDATE OR DELETE ON "deals" FOR EACH ROW
  EXECUTE FUNCTION "notify_reads_of_deal"();--> statement-breakpoint
CREATE TRIGGER "wallets_reads_notify" AFTER INSERT OR UPDATE OR DELETE ON "wallets" FOR EACH ROW
  EXECUTE FUNCTION "notify_reads_of_user"();--> statement-breakpoint
CREATE TRIGGER "ledger_entries_reads_notify" AFTER INSERT OR UPDATE OR DELETE ON "ledger_entries" FOR EACH ROW
  EXECUTE FUNCTION "notify_reads_of_wallet_row"();--> statement-breakpoint
CREATE TRIGGER "bank_accounts_reads_notify" AFTER INSERT OR UPDATE OR DELETE ON "bank_accounts" FOR EACH ROW
  EXECUTE FUNCTION "notify_reads_of_wallet_row"();--> statement-breakpoint
CREATE TRIGGER "payouts_reads_notify" AFTER INSERT OR UPDATE OR DELETE ON "payouts" FOR EACH ROW
  EXECUTE FUNCTION "notify_reads_of_wallet_row"();--> statement-breakpoint
CREATE TRIGGER "users_reads_notify" AFTER UPDATE OR DELETE ON "users" FOR EACH ROW
  EXECUTE FUNCTION "notify_reads_of_user_row"();--> statement-breakpoint
CREATE TRIGGER "missions_reads_notify" AFTER INSERT OR UPDATE OR DELETE ON "missions" FOR EACH STATEMENT
  EXECUTE FUNCTION "notify_reads_of_everyone"();--> statement-breakpoint
CREATE TRIGGER "providers_reads_notify" AFTER INSERT OR UPDATE OR DELETE ON "providers" FOR EACH STATEMENT
  EXECUTE FUNCTION "notify_reads_of_everyone"();
