-- Issue 10: the leadership content library (the organisation's own and Pulsewell's built-in one)
-- and Boss Bot's conversations.
--
-- Retrieval runs on PostgreSQL: a generated, weighted tsvector per item (title A, tags B, content C)
-- with a GIN index, and pg_trgm for misspelt words (lib/library/retrieval.ts).
-- Conversations are readable by their author alone: beside the organisation policy, a restrictive
-- policy on "userId" = app_current_user() (set per transaction like app.org_id). Their titles and
-- messages are stored encrypted (lib/coach/crypto.ts), so even the owner role reads ciphertext.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- The signed-in person of this transaction (set_config('app.user_id', ..., true)), as in
-- prisma/sql/app_current_user.sql.
CREATE OR REPLACE FUNCTION app_current_user() RETURNS uuid
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT NULLIF(current_setting('app.user_id', true), '')::uuid $$;

-- Tags as words for the generated search column, as in prisma/sql/app_words_of.sql.
CREATE OR REPLACE FUNCTION app_words_of(words text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(array_to_string(words, ' '), '') $$;

-- CreateEnum
CREATE TYPE "ContentType" AS ENUM ('framework', 'script', 'template', 'methodology', 'case_study', 'book_chapter', 'video_link');

-- CreateEnum
CREATE TYPE "ContentCategory" AS ENUM ('conflict_resolution', 'delegation', 'burnout_prevention', 'team_building', 'performance_management', 'communication', 'leadership_development', 'culture_building', 'change_management', 'coaching_techniques', 'difficult_conversations', 'employee_engagement', 'workplace_stress', 'team_dynamics');

-- CreateEnum
CREATE TYPE "ChatMessageType" AS ENUM ('user', 'ai');

-- CreateTable
CREATE TABLE "LeadershipContent" (
    "organizationId" UUID NOT NULL,
    "id" UUID NOT NULL,
    "title" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "contentType" "ContentType" NOT NULL,
    "category" "ContentCategory" NOT NULL,
    "tags" TEXT[],
    "priority" INTEGER NOT NULL DEFAULT 3,
    "createdById" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "search" tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector('english', "title"), 'A')
      || setweight(to_tsvector('english', app_words_of("tags")), 'B')
      || setweight(to_tsvector('english', "content"), 'C')
    ) STORED,

    CONSTRAINT "LeadershipContent_pkey" PRIMARY KEY ("organizationId","id")
);

-- CreateTable
CREATE TABLE "BuiltinContent" (
    "id" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "contentType" "ContentType" NOT NULL,
    "category" "ContentCategory" NOT NULL,
    "tags" TEXT[],
    "priority" INTEGER NOT NULL DEFAULT 3,
    "search" tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector('english', "title"), 'A')
      || setweight(to_tsvector('english', app_words_of("tags")), 'B')
      || setweight(to_tsvector('english', "content"), 'C')
    ) STORED,

    CONSTRAINT "BuiltinContent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "HiddenBuiltinContent" (
    "organizationId" UUID NOT NULL,
    "builtinId" TEXT NOT NULL,
    "hiddenById" UUID,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "HiddenBuiltinContent_pkey" PRIMARY KEY ("organizationId","builtinId")
);

-- CreateTable
CREATE TABLE "ChatConversation" (
    "organizationId" UUID NOT NULL,
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "title" BYTEA NOT NULL,
    "wrappedKey" BYTEA NOT NULL,
    "keyId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastMessageAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ChatConversation_pkey" PRIMARY KEY ("organizationId","id")
);

-- CreateTable
CREATE TABLE "ChatMessage" (
    "organizationId" UUID NOT NULL,
    "id" UUID NOT NULL,
    "conversationId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "type" "ChatMessageType" NOT NULL,
    "body" BYTEA NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ChatMessage_pkey" PRIMARY KEY ("organizationId","id")
);

-- CreateIndex
CREATE INDEX "LeadershipContent_organizationId_createdAt_idx" ON "LeadershipContent"("organizationId", "createdAt");

-- CreateIndex
CREATE INDEX "LeadershipContent_search_idx" ON "LeadershipContent" USING GIN ("search");

-- CreateIndex
CREATE INDEX "BuiltinContent_search_idx" ON "BuiltinContent" USING GIN ("search");

-- CreateIndex
CREATE INDEX "ChatConversation_organizationId_userId_lastMessageAt_idx" ON "ChatConversation"("organizationId", "userId", "lastMessageAt");

-- CreateIndex
CREATE INDEX "ChatMessage_organizationId_conversationId_createdAt_idx" ON "ChatMessage"("organizationId", "conversationId", "createdAt");

-- AddForeignKey
ALTER TABLE "LeadershipContent" ADD CONSTRAINT "LeadershipContent_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "HiddenBuiltinContent" ADD CONSTRAINT "HiddenBuiltinContent_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ChatConversation" ADD CONSTRAINT "ChatConversation_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ChatConversation" ADD CONSTRAINT "ChatConversation_organizationId_userId_fkey" FOREIGN KEY ("organizationId", "userId") REFERENCES "User"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ChatMessage" ADD CONSTRAINT "ChatMessage_organizationId_conversationId_fkey" FOREIGN KEY ("organizationId", "conversationId") REFERENCES "ChatConversation"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Trigram indexes for misspelt questions (similarity on titles).
CREATE INDEX "LeadershipContent_title_trgm_idx" ON "LeadershipContent" USING GIN ("title" gin_trgm_ops);
CREATE INDEX "BuiltinContent_title_trgm_idx" ON "BuiltinContent" USING GIN ("title" gin_trgm_ops);

-- Row-level security. Tenant tables: the organisation policy, forced.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['LeadershipContent', 'HiddenBuiltinContent', 'ChatConversation', 'ChatMessage']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING ("organizationId" = app_current_org()) WITH CHECK ("organizationId" = app_current_org())', t);
  END LOOP;
END
$$;

-- Conversations and messages: the author alone, admins included in "everyone else". RESTRICTIVE
-- policies are ANDed with the organisation one, so both must hold for every read and write.
CREATE POLICY owner_only ON "ChatConversation" AS RESTRICTIVE
  USING ("userId" = app_current_user()) WITH CHECK ("userId" = app_current_user());
CREATE POLICY owner_only ON "ChatMessage" AS RESTRICTIVE
  USING ("userId" = app_current_user()) WITH CHECK ("userId" = app_current_user());

-- The built-in library is shared product content: the application role reads it, nobody but the
-- owner (the start script's sync, scripts/db/builtin-library.ts) writes it.
ALTER TABLE "BuiltinContent" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "BuiltinContent" FORCE ROW LEVEL SECURITY;
CREATE POLICY read_all ON "BuiltinContent" FOR SELECT TO pulsewell_app USING (true);
DO $$
BEGIN
  EXECUTE format('CREATE POLICY owner_sync ON "BuiltinContent" TO %I USING (true) WITH CHECK (true)', current_user);
END
$$;

GRANT SELECT ON "BuiltinContent" TO pulsewell_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON "LeadershipContent", "ChatConversation", "ChatMessage" TO pulsewell_app;
GRANT SELECT, INSERT, DELETE ON "HiddenBuiltinContent" TO pulsewell_app;
