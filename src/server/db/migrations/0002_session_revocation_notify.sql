-- Nodes keep recently checked sessions in memory, so a revocation must reach every node the
-- moment it commits. The database announces it itself, whatever made it (logout, password reset or
-- change, a deleted account, an operator's UPDATE): NOTIFY is delivered at commit, never before, so a
-- node cannot drop a session and then read it back still live from an uncommitted revocation.
-- Payloads: 's:<session id>' (revoked, deleted, or any change but the once-a-minute refresh of
-- last_used_at: a shortened expiry, a session made idle), 'u:<user id>' (username or roles changed).
CREATE FUNCTION "notify_session_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('streamdeals_sessions', 's:' || OLD.id::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "notify_session_user_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('streamdeals_sessions', 'u:' || OLD.id::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sessions_changed_notify" AFTER UPDATE ON "sessions" FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
    OR OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.token_hash IS DISTINCT FROM NEW.token_hash
    OR NEW.last_used_at < OLD.last_used_at)
  EXECUTE FUNCTION "notify_session_changed"();--> statement-breakpoint
CREATE TRIGGER "sessions_deleted_notify" AFTER DELETE ON "sessions" FOR EACH ROW
  EXECUTE FUNCTION "notify_session_changed"();--> statement-breakpoint
CREATE TRIGGER "users_session_identity_notify" AFTER UPDATE OF "username", "roles" ON "users" FOR EACH ROW
  WHEN (OLD.username IS DISTINCT FROM NEW.username OR OLD.roles IS DISTINCT FROM NEW.roles)
  EXECUTE FUNCTION "notify_session_user_changed"();
