// Every message the product sends, with sample props: the mail template test renders each one in
// HTML and text (company name, escaping, link rules), and a new message is a template file plus
// an entry here. `kind` is the outbox kind the message is stored with.
import { DEFAULT_EMAIL_BODY, DEFAULT_EMAIL_SUBJECT } from "@/lib/surveys/email-template";
import { SURVEY_TOKEN_PLACEHOLDER } from "@/lib/surveys/link-token";
import { accountEmailConfirmMail } from "./account-email-confirm";
import { accountNoticeMail } from "./account-notice";
import { billingNoticeMail } from "./billing-notice";
import { emailVerificationMail } from "./email-verification";
import { meetingCalendarMail } from "./meeting-calendar";
import { meetingReminderMail } from "./meeting-reminder";
import { passwordResetMail } from "./password-reset";
import { planCheckBackResultMail } from "./plan-checkback-result";
import { planDigestMail } from "./plan-digest";
import { planDueMail } from "./plan-due";
import { peopleInvitationMails } from "./people-invitation";
import { subscriptionConfirmedMail } from "./subscription-confirmed";
import { surveyInvitationMails } from "./survey-invitation";
import { surveyReminderMails } from "./survey-reminder";
import type { MailBrand, RenderedMail } from "./types";

/** The sample workspace's origin: every link a sample message carries is on it. */
export const SAMPLE_ORIGIN = "https://acme.pulsewell.example";
export const SAMPLE_SURVEY_LINK = `${SAMPLE_ORIGIN}/surveys/5f0c2d1e-0000-4000-8000-000000000001?token=${SURVEY_TOKEN_PLACEHOLDER}`;

/** Names the samples are rendered with; the test passes hostile ones too. */
type SampleNames = { person: string; other: string };

export type CatalogEntry = {
  name: string;
  render: (brand: MailBrand, names: SampleNames) => Promise<RenderedMail>;
};

const first = async (mails: Promise<RenderedMail[]>) => (await mails)[0]!;
const when = "Monday, 30 November 2026 at 10:00 GMT";
const url = (path: string) => `${SAMPLE_ORIGIN}${path}`;

export const MAIL_CATALOG: CatalogEntry[] = [
  {
    name: "password-reset",
    render: (brand, n) =>
      passwordResetMail({ brand, product: "Pulsewell", firstName: n.person, link: url("/reset-password?token=abc") }),
  },
  {
    name: "email-verification",
    render: (brand, n) =>
      emailVerificationMail({
        brand,
        product: "Pulsewell",
        workspaceName: brand.companyName,
        firstName: n.person,
        link: url("/verify-email?token=abc"),
      }),
  },
  {
    name: "account-email-confirm",
    render: (brand, n) =>
      accountEmailConfirmMail({
        brand,
        product: "Pulsewell",
        firstName: n.person,
        newEmail: "ana.new@acme.example",
        oldEmail: "ana@acme.example",
        link: url("/confirm-email?token=abc"),
      }),
  },
  {
    name: "account-notice",
    render: (brand, n) =>
      accountNoticeMail({
        brand,
        origin: SAMPLE_ORIGIN,
        firstName: n.person,
        subject: "Your Pulsewell password was changed",
        lines: [
          `The password of your Pulsewell account at ${brand.companyName} was just changed, and every other session was signed out.`,
          "",
          `If you did not make this change, reset your password now: ${url("/forgot-password")}`,
        ],
      }),
  },
  {
    name: "billing-notice",
    render: (brand, n) =>
      billingNoticeMail({
        brand,
        firstName: n.person,
        subject: `Your Pulsewell trial for ${brand.companyName} ends in 3 days`,
        body: [`${brand.companyName}'s free trial ends on 3 December 2026.`, "", "To subscribe, open:"],
        link: url("/settings/billing"),
      }),
  },
  {
    name: "subscription-confirmed",
    render: (brand, n) =>
      subscriptionConfirmedMail({
        brand,
        firstName: n.person,
        product: "Pulsewell",
        plan: "10 seats × $6 = $60 / month",
        firstChargeDay: "3 December 2026",
        link: url("/settings/billing"),
      }),
  },
  {
    name: "meeting-calendar",
    render: (brand, n) =>
      meetingCalendarMail({
        brand,
        method: "REQUEST",
        scope: "series",
        recurrence: "weekly",
        withManager: n.other,
        managerName: n.other,
        when,
        url: url("/one-on-one/5f0c2d1e-0000-4000-8000-000000000002"),
      }),
  },
  {
    name: "meeting-reminder",
    render: (brand, n) =>
      meetingReminderMail({
        brand,
        to: "employee",
        when,
        url: url("/one-on-one-prep?meetingId=5f0c2d1e-0000-4000-8000-000000000002"),
        withManager: n.other,
        managerFirstName: n.other,
      }),
  },
  {
    name: "plan-due",
    render: (brand, n) =>
      planDueMail({
        brand,
        firstName: n.person,
        what: "step",
        planTitle: `Weekly 1:1s with ${n.other}`,
        stepTitle: `Book a slot with ${n.other}`,
        when: { today: true },
        url: url("/commitments/5f0c2d1e-0000-4000-8000-000000000003"),
      }),
  },
  {
    name: "plan-checkback-result",
    render: (brand, n) =>
      planCheckBackResultMail({
        brand,
        firstName: n.person,
        planTitle: `Weekly 1:1s with ${n.other}`,
        days: 30,
        url: url("/commitments/5f0c2d1e-0000-4000-8000-000000000003"),
      }),
  },
  {
    name: "plan-digest",
    render: (brand, n) =>
      planDigestMail({
        brand,
        firstName: n.person,
        focusAreas: [
          {
            teamName: `${n.other}'s team`,
            label: "Recognition",
            score: "4.2",
            url: url("/commitments/new?teamId=5f0c2d1e-0000-4000-8000-000000000004&dimension=recognition"),
          },
        ],
        overdue: [
          {
            title: `Weekly 1:1s with ${n.other}`,
            dueDay: "3 November 2026",
            url: url("/commitments/5f0c2d1e-0000-4000-8000-000000000003"),
          },
        ],
        listUrl: url("/commitments"),
      }),
  },
  {
    name: "people-invitation",
    render: (brand, n) =>
      first(
        peopleInvitationMails({
          brand,
          product: "Pulsewell",
          workspaceName: brand.companyName,
          inviterName: n.other,
          loginUrl: url("/login"),
          invitees: [{ firstName: n.person, email: "ana@acme.example", link: url("/accept-invite?token=abc") }],
        }),
      ),
  },
  {
    name: "survey-invitation",
    render: (brand, n) =>
      first(
        surveyInvitationMails({
          brand,
          template: { subject: DEFAULT_EMAIL_SUBJECT, body: DEFAULT_EMAIL_BODY },
          link: SAMPLE_SURVEY_LINK,
          people: [{ firstName: n.person }],
        }),
      ),
  },
  {
    name: "survey-reminder",
    render: (brand, n) =>
      first(
        surveyReminderMails({
          brand,
          templateSubject: DEFAULT_EMAIL_SUBJECT,
          sentOn: "Monday 23 November",
          closing: "Monday 30 November at 09:00 GMT",
          people: [{ firstName: n.person }],
        }),
      ),
  },
];
