-- Every foreign key that carries "organizationId" stops cascading updates (ON UPDATE NO ACTION;
-- Prisma's default was CASCADE). Ids and organisations never change, so nothing behaves
-- differently here; Citus refuses to distribute a table whose foreign key could rewrite its
-- distribution column (see docs/operations/citus.md).

-- DropForeignKey
ALTER TABLE "AuditLog" DROP CONSTRAINT "AuditLog_organizationId_fkey";

-- DropForeignKey
ALTER TABLE "AuthThrottle" DROP CONSTRAINT "AuthThrottle_organizationId_fkey";

-- DropForeignKey
ALTER TABLE "AuthToken" DROP CONSTRAINT "AuthToken_organizationId_fkey";

-- DropForeignKey
ALTER TABLE "AuthToken" DROP CONSTRAINT "AuthToken_organizationId_userId_fkey";

-- DropForeignKey
ALTER TABLE "BillingAccount" DROP CONSTRAINT "BillingAccount_organizationId_fkey";

-- DropForeignKey
ALTER TABLE "BillingEvent" DROP CONSTRAINT "BillingEvent_organizationId_fkey";

-- DropForeignKey
ALTER TABLE "ChatConversation" DROP CONSTRAINT "ChatConversation_organizationId_fkey";

-- DropForeignKey
ALTER TABLE "ChatConversation" DROP CONSTRAINT "ChatConversation_organizationId_userId_fkey";

-- DropForeignKey
ALTER TABLE "ChatConversation" DROP CONSTRAINT "ChatConversation_organizationId_vaultId_fkey";

-- DropForeignKey
ALTER TABLE "ChatMessage" DROP CONSTRAINT "ChatMessage_organizationId_conversationId_fkey";

-- DropForeignKey
ALTER TABLE "HiddenBuiltinContent" DROP CONSTRAINT "HiddenBuiltinContent_organizationId_fkey";

-- DropForeignKey
ALTER TABLE "LeadershipContent" DROP CONSTRAINT "LeadershipContent_organizationId_fkey";

-- DropForeignKey
ALTER TABLE "LibraryEmbedding" DROP CONSTRAINT "LibraryEmbedding_organizationId_contentId_fkey";

-- DropForeignKey
ALTER TABLE "MailMessage" DROP CONSTRAINT "MailMessage_organizationId_fkey";

-- DropForeignKey
ALTER TABLE "Meeting" DROP CONSTRAINT "Meeting_organizationId_employeeId_fkey";

-- DropForeignKey
ALTER TABLE "Meeting" DROP CONSTRAINT "Meeting_organizationId_managerId_fkey";

-- DropForeignKey
ALTER TABLE "Meeting" DROP CONSTRAINT "Meeting_organizationId_seriesId_fkey";

-- DropForeignKey
ALTER TABLE "MeetingActionItem" DROP CONSTRAINT "MeetingActionItem_organizationId_originMeetingId_fkey";

-- DropForeignKey
ALTER TABLE "MeetingAgendaItem" DROP CONSTRAINT "MeetingAgendaItem_organizationId_meetingId_fkey";

-- DropForeignKey
ALTER TABLE "MeetingPrepForm" DROP CONSTRAINT "MeetingPrepForm_organizationId_meetingId_fkey";

-- DropForeignKey
ALTER TABLE "MeetingPrivateNote" DROP CONSTRAINT "MeetingPrivateNote_organizationId_meetingId_fkey";

-- DropForeignKey
ALTER TABLE "MeetingPrivateNote" DROP CONSTRAINT "MeetingPrivateNote_organizationId_vaultId_fkey";

-- DropForeignKey
ALTER TABLE "MeetingSeries" DROP CONSTRAINT "MeetingSeries_organizationId_employeeId_fkey";

-- DropForeignKey
ALTER TABLE "MeetingSeries" DROP CONSTRAINT "MeetingSeries_organizationId_managerId_fkey";

-- DropForeignKey
ALTER TABLE "MeetingSuggestionReview" DROP CONSTRAINT "MeetingSuggestionReview_organizationId_meetingId_fkey";

-- DropForeignKey
ALTER TABLE "MeetingTemplate" DROP CONSTRAINT "MeetingTemplate_organizationId_fkey";

-- DropForeignKey
ALTER TABLE "Notification" DROP CONSTRAINT "Notification_organizationId_fkey";

-- DropForeignKey
ALTER TABLE "Notification" DROP CONSTRAINT "Notification_organizationId_userId_fkey";

-- DropForeignKey
ALTER TABLE "Session" DROP CONSTRAINT "Session_organizationId_fkey";

-- DropForeignKey
ALTER TABLE "Session" DROP CONSTRAINT "Session_organizationId_userId_fkey";

-- DropForeignKey
ALTER TABLE "Survey" DROP CONSTRAINT "Survey_organizationId_fkey";

-- DropForeignKey
ALTER TABLE "SurveyAnswer" DROP CONSTRAINT "SurveyAnswer_organizationId_questionId_fkey";

-- DropForeignKey
ALTER TABLE "SurveyAnswer" DROP CONSTRAINT "SurveyAnswer_organizationId_responseId_fkey";

-- DropForeignKey
ALTER TABLE "SurveyInvitation" DROP CONSTRAINT "SurveyInvitation_organizationId_surveyId_fkey";

-- DropForeignKey
ALTER TABLE "SurveyParticipation" DROP CONSTRAINT "SurveyParticipation_organizationId_surveyId_fkey";

-- DropForeignKey
ALTER TABLE "SurveyPendingResponse" DROP CONSTRAINT "SurveyPendingResponse_organizationId_surveyId_fkey";

-- DropForeignKey
ALTER TABLE "SurveyQuestion" DROP CONSTRAINT "SurveyQuestion_organizationId_surveyId_fkey";

-- DropForeignKey
ALTER TABLE "SurveyQuestionRollup" DROP CONSTRAINT "SurveyQuestionRollup_organizationId_questionId_fkey";

-- DropForeignKey
ALTER TABLE "SurveyQuestionRollup" DROP CONSTRAINT "SurveyQuestionRollup_organizationId_surveyId_fkey";

-- DropForeignKey
ALTER TABLE "SurveyResponse" DROP CONSTRAINT "SurveyResponse_organizationId_surveyId_fkey";

-- DropForeignKey
ALTER TABLE "SurveyRollup" DROP CONSTRAINT "SurveyRollup_organizationId_surveyId_fkey";

-- DropForeignKey
ALTER TABLE "Team" DROP CONSTRAINT "Team_organizationId_fkey";

-- DropForeignKey
ALTER TABLE "User" DROP CONSTRAINT "User_organizationId_fkey";

-- DropForeignKey
ALTER TABLE "Vault" DROP CONSTRAINT "Vault_organizationId_userId_fkey";

-- DropForeignKey
ALTER TABLE "VaultKeyWrap" DROP CONSTRAINT "VaultKeyWrap_organizationId_vaultId_fkey";

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "Team" ADD CONSTRAINT "Team_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "Session" ADD CONSTRAINT "Session_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "Session" ADD CONSTRAINT "Session_organizationId_userId_fkey" FOREIGN KEY ("organizationId", "userId") REFERENCES "User"("organizationId", "id") ON DELETE CASCADE ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "Notification" ADD CONSTRAINT "Notification_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "Notification" ADD CONSTRAINT "Notification_organizationId_userId_fkey" FOREIGN KEY ("organizationId", "userId") REFERENCES "User"("organizationId", "id") ON DELETE CASCADE ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "AuditLog" ADD CONSTRAINT "AuditLog_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "MailMessage" ADD CONSTRAINT "MailMessage_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "AuthToken" ADD CONSTRAINT "AuthToken_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "AuthToken" ADD CONSTRAINT "AuthToken_organizationId_userId_fkey" FOREIGN KEY ("organizationId", "userId") REFERENCES "User"("organizationId", "id") ON DELETE CASCADE ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "AuthThrottle" ADD CONSTRAINT "AuthThrottle_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "Survey" ADD CONSTRAINT "Survey_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "SurveyQuestion" ADD CONSTRAINT "SurveyQuestion_organizationId_surveyId_fkey" FOREIGN KEY ("organizationId", "surveyId") REFERENCES "Survey"("organizationId", "id") ON DELETE CASCADE ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "SurveyInvitation" ADD CONSTRAINT "SurveyInvitation_organizationId_surveyId_fkey" FOREIGN KEY ("organizationId", "surveyId") REFERENCES "Survey"("organizationId", "id") ON DELETE CASCADE ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "SurveyResponse" ADD CONSTRAINT "SurveyResponse_organizationId_surveyId_fkey" FOREIGN KEY ("organizationId", "surveyId") REFERENCES "Survey"("organizationId", "id") ON DELETE CASCADE ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "SurveyPendingResponse" ADD CONSTRAINT "SurveyPendingResponse_organizationId_surveyId_fkey" FOREIGN KEY ("organizationId", "surveyId") REFERENCES "Survey"("organizationId", "id") ON DELETE CASCADE ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "SurveyAnswer" ADD CONSTRAINT "SurveyAnswer_organizationId_responseId_fkey" FOREIGN KEY ("organizationId", "responseId") REFERENCES "SurveyResponse"("organizationId", "id") ON DELETE CASCADE ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "SurveyAnswer" ADD CONSTRAINT "SurveyAnswer_organizationId_questionId_fkey" FOREIGN KEY ("organizationId", "questionId") REFERENCES "SurveyQuestion"("organizationId", "id") ON DELETE CASCADE ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "SurveyRollup" ADD CONSTRAINT "SurveyRollup_organizationId_surveyId_fkey" FOREIGN KEY ("organizationId", "surveyId") REFERENCES "Survey"("organizationId", "id") ON DELETE CASCADE ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "SurveyParticipation" ADD CONSTRAINT "SurveyParticipation_organizationId_surveyId_fkey" FOREIGN KEY ("organizationId", "surveyId") REFERENCES "Survey"("organizationId", "id") ON DELETE CASCADE ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "SurveyQuestionRollup" ADD CONSTRAINT "SurveyQuestionRollup_organizationId_surveyId_fkey" FOREIGN KEY ("organizationId", "surveyId") REFERENCES "Survey"("organizationId", "id") ON DELETE CASCADE ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "SurveyQuestionRollup" ADD CONSTRAINT "SurveyQuestionRollup_organizationId_questionId_fkey" FOREIGN KEY ("organizationId", "questionId") REFERENCES "SurveyQuestion"("organizationId", "id") ON DELETE CASCADE ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "LeadershipContent" ADD CONSTRAINT "LeadershipContent_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "LibraryEmbedding" ADD CONSTRAINT "LibraryEmbedding_organizationId_contentId_fkey" FOREIGN KEY ("organizationId", "contentId") REFERENCES "LeadershipContent"("organizationId", "id") ON DELETE CASCADE ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "HiddenBuiltinContent" ADD CONSTRAINT "HiddenBuiltinContent_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "ChatConversation" ADD CONSTRAINT "ChatConversation_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "ChatConversation" ADD CONSTRAINT "ChatConversation_organizationId_userId_fkey" FOREIGN KEY ("organizationId", "userId") REFERENCES "User"("organizationId", "id") ON DELETE CASCADE ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "ChatConversation" ADD CONSTRAINT "ChatConversation_organizationId_vaultId_fkey" FOREIGN KEY ("organizationId", "vaultId") REFERENCES "Vault"("organizationId", "id") ON DELETE NO ACTION ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "ChatMessage" ADD CONSTRAINT "ChatMessage_organizationId_conversationId_fkey" FOREIGN KEY ("organizationId", "conversationId") REFERENCES "ChatConversation"("organizationId", "id") ON DELETE CASCADE ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "MeetingTemplate" ADD CONSTRAINT "MeetingTemplate_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "MeetingSeries" ADD CONSTRAINT "MeetingSeries_organizationId_managerId_fkey" FOREIGN KEY ("organizationId", "managerId") REFERENCES "User"("organizationId", "id") ON DELETE CASCADE ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "MeetingSeries" ADD CONSTRAINT "MeetingSeries_organizationId_employeeId_fkey" FOREIGN KEY ("organizationId", "employeeId") REFERENCES "User"("organizationId", "id") ON DELETE CASCADE ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "Meeting" ADD CONSTRAINT "Meeting_organizationId_seriesId_fkey" FOREIGN KEY ("organizationId", "seriesId") REFERENCES "MeetingSeries"("organizationId", "id") ON DELETE CASCADE ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "Meeting" ADD CONSTRAINT "Meeting_organizationId_managerId_fkey" FOREIGN KEY ("organizationId", "managerId") REFERENCES "User"("organizationId", "id") ON DELETE CASCADE ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "Meeting" ADD CONSTRAINT "Meeting_organizationId_employeeId_fkey" FOREIGN KEY ("organizationId", "employeeId") REFERENCES "User"("organizationId", "id") ON DELETE CASCADE ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "MeetingPrepForm" ADD CONSTRAINT "MeetingPrepForm_organizationId_meetingId_fkey" FOREIGN KEY ("organizationId", "meetingId") REFERENCES "Meeting"("organizationId", "id") ON DELETE CASCADE ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "MeetingAgendaItem" ADD CONSTRAINT "MeetingAgendaItem_organizationId_meetingId_fkey" FOREIGN KEY ("organizationId", "meetingId") REFERENCES "Meeting"("organizationId", "id") ON DELETE CASCADE ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "MeetingActionItem" ADD CONSTRAINT "MeetingActionItem_organizationId_originMeetingId_fkey" FOREIGN KEY ("organizationId", "originMeetingId") REFERENCES "Meeting"("organizationId", "id") ON DELETE CASCADE ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "MeetingPrivateNote" ADD CONSTRAINT "MeetingPrivateNote_organizationId_meetingId_fkey" FOREIGN KEY ("organizationId", "meetingId") REFERENCES "Meeting"("organizationId", "id") ON DELETE CASCADE ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "MeetingPrivateNote" ADD CONSTRAINT "MeetingPrivateNote_organizationId_vaultId_fkey" FOREIGN KEY ("organizationId", "vaultId") REFERENCES "Vault"("organizationId", "id") ON DELETE NO ACTION ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "MeetingSuggestionReview" ADD CONSTRAINT "MeetingSuggestionReview_organizationId_meetingId_fkey" FOREIGN KEY ("organizationId", "meetingId") REFERENCES "Meeting"("organizationId", "id") ON DELETE CASCADE ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "BillingAccount" ADD CONSTRAINT "BillingAccount_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "BillingEvent" ADD CONSTRAINT "BillingEvent_organizationId_fkey" FOREIGN KEY ("organizationId") REFERENCES "Organization"("id") ON DELETE CASCADE ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "Vault" ADD CONSTRAINT "Vault_organizationId_userId_fkey" FOREIGN KEY ("organizationId", "userId") REFERENCES "User"("organizationId", "id") ON DELETE CASCADE ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "VaultKeyWrap" ADD CONSTRAINT "VaultKeyWrap_organizationId_vaultId_fkey" FOREIGN KEY ("organizationId", "vaultId") REFERENCES "Vault"("organizationId", "id") ON DELETE CASCADE ON UPDATE NO ACTION;
