-- Sentence embeddings of organisation library items, one row per section, for Boss Bot's semantic retrieval.
CREATE TABLE "LibraryEmbedding" (
    "organizationId" UUID NOT NULL,
    "contentId" UUID NOT NULL,
    "section" SMALLINT NOT NULL,
    "textHash" TEXT NOT NULL,
    "scale" REAL NOT NULL,
    "vector" BYTEA NOT NULL,
    "embeddedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "LibraryEmbedding_pkey" PRIMARY KEY ("organizationId","contentId","section")
);

-- CreateIndex
CREATE INDEX "LibraryEmbedding_organizationId_embeddedAt_idx" ON "LibraryEmbedding"("organizationId", "embeddedAt");

-- AddForeignKey
ALTER TABLE "LibraryEmbedding" ADD CONSTRAINT "LibraryEmbedding_organizationId_contentId_fkey" FOREIGN KEY ("organizationId", "contentId") REFERENCES "LeadershipContent"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Row-level security: the organisation's, like every tenant table.
ALTER TABLE "LibraryEmbedding" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "LibraryEmbedding" FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON "LibraryEmbedding" USING ("organizationId" = app_current_org()) WITH CHECK ("organizationId" = app_current_org());

GRANT SELECT, INSERT, UPDATE, DELETE ON "LibraryEmbedding" TO pulsewell_app;
