-- The VAPID key pair generated when VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY are unset lives in the
-- database every node shares, not in each node's DATA_DIR: a subscription made through one node names
-- that pair's public key, and a push signed by another node's own pair would be refused. One row at
-- most (the key is always true); the first node to insert wins, the others read its pair.
CREATE TABLE "push_vapid_keys" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_vapid_keys_one_row" CHECK ("push_vapid_keys"."id")
);
