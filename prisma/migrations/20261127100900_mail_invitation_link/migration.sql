-- A survey invitation e-mail names its invitation; its link is rendered at delivery, so the outbox never stores the token.
ALTER TABLE "MailMessage" ADD COLUMN     "invitationId" UUID;
