-- A personal vault per person for Boss Bot conversations and private 1:1 notes (lib/vault/).
-- A vault's key is stored only wrapped (VaultKeyWrap: under the person's password, their recovery
-- key, later a passkey); a live session keeps it sealed under a secret held in its cookie alone.
-- Conversations and notes record the vault that wraps their data key (null: the master key, as
-- before; such rows move into the author's vault at their next sign-in).

-- CreateEnum
CREATE TYPE "VaultKeyKind" AS ENUM ('password', 'recovery', 'passkey');

-- AlterTable
ALTER TABLE "Session" ADD COLUMN     "pendingRecovery" BYTEA,
ADD COLUMN     "vaultKey" BYTEA;

-- AlterTable
ALTER TABLE "ChatConversation" ADD COLUMN     "vaultId" UUID;

-- AlterTable
ALTER TABLE "MeetingPrivateNote" ADD COLUMN     "vaultId" UUID,
ADD COLUMN     "wrappedKey" BYTEA;

-- DropIndex
DROP INDEX "MeetingPrivateNote_organizationId_meetingId_authorId_key";

-- CreateTable
CREATE TABLE "Vault" (
    "organizationId" UUID NOT NULL,
    "id" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "recoveryConfirmedAt" TIMESTAMP(3),
    "sealedAt" TIMESTAMP(3),
    "handoffKey" BYTEA,

    CONSTRAINT "Vault_pkey" PRIMARY KEY ("organizationId","id")
);

-- CreateTable
CREATE TABLE "VaultKeyWrap" (
    "organizationId" UUID NOT NULL,
    "id" UUID NOT NULL,
    "vaultId" UUID NOT NULL,
    "userId" UUID NOT NULL,
    "kind" "VaultKeyKind" NOT NULL,
    "salt" BYTEA NOT NULL,
    "kdf" JSONB NOT NULL,
    "wrappedKey" BYTEA NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "VaultKeyWrap_pkey" PRIMARY KEY ("organizationId","id")
);

-- CreateIndex
CREATE INDEX "Vault_organizationId_userId_idx" ON "Vault"("organizationId", "userId");

-- CreateIndex
CREATE INDEX "VaultKeyWrap_organizationId_vaultId_idx" ON "VaultKeyWrap"("organizationId", "vaultId");

-- CreateIndex
CREATE UNIQUE INDEX "MeetingPrivateNote_organizationId_meetingId_authorId_vaultI_key" ON "MeetingPrivateNote"("organizationId", "meetingId", "authorId", "vaultId");

-- AddForeignKey
ALTER TABLE "ChatConversation" ADD CONSTRAINT "ChatConversation_organizationId_vaultId_fkey" FOREIGN KEY ("organizationId", "vaultId") REFERENCES "Vault"("organizationId", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MeetingPrivateNote" ADD CONSTRAINT "MeetingPrivateNote_organizationId_vaultId_fkey" FOREIGN KEY ("organizationId", "vaultId") REFERENCES "Vault"("organizationId", "id") ON DELETE NO ACTION ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Vault" ADD CONSTRAINT "Vault_organizationId_userId_fkey" FOREIGN KEY ("organizationId", "userId") REFERENCES "User"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VaultKeyWrap" ADD CONSTRAINT "VaultKeyWrap_organizationId_vaultId_fkey" FOREIGN KEY ("organizationId", "vaultId") REFERENCES "Vault"("organizationId", "id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Row-level security: the organisation, and then the person alone (RESTRICTIVE, ANDed), admins
-- included in "everyone else".
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['Vault', 'VaultKeyWrap']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING ("organizationId" = app_current_org()) WITH CHECK ("organizationId" = app_current_org())', t);
    EXECUTE format('CREATE POLICY owner_only ON %I AS RESTRICTIVE USING ("userId" = app_current_user()) WITH CHECK ("userId" = app_current_user())', t);
  END LOOP;
END
$$;

GRANT SELECT, INSERT, UPDATE, DELETE ON "Vault", "VaultKeyWrap" TO pulsewell_app;
