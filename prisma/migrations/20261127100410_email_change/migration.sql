-- A person changes their own e-mail (lib/people/email-change.ts): a single-use link to the new
-- address confirms it, and a link to the old address undoes it for 7 days. Each token carries the
-- address it is about. AuthToken already has row-level security.

-- AlterEnum
ALTER TYPE "TokenPurpose" ADD VALUE 'email_change';
ALTER TYPE "TokenPurpose" ADD VALUE 'email_change_undo';

-- AlterTable
ALTER TABLE "AuthToken" ADD COLUMN "email" TEXT;
