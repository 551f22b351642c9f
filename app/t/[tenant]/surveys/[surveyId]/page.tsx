import type { Metadata } from "next";
import { currentTenant } from "@/lib/tenancy/resolve";
import { productNameFromEnv } from "@/lib/tenancy/site";
import { companyName } from "@/lib/mail/brand";
import { readSurveyForTaker } from "@/lib/surveys/survey-read";
import { TEXT_ANSWER_MAX } from "@/lib/surveys/take-schemas";
import { takerFor } from "@/lib/surveys/taker";
import { SurveyShell } from "@/components/survey-take/survey-shell";
import {
  AlreadyAnswered,
  InvalidLink,
  SurveyClosed,
  SurveyNotFound,
  UseYourEmailLink,
} from "@/components/survey-take/outcomes";
import { SurveyForm } from "@/components/survey-take/survey-form";
import { GroupNote } from "@/components/survey-take/group-note";

export const metadata: Metadata = { title: "Survey", robots: { index: false } };

// Public and anonymous (no sign-in: docs/decisions.md (Surveys and rounds)): answered with the personal link's token.
// The invited person's own session (the app's 'Take Survey') shows where their link is, not the form.
export default async function TakeSurveyPage({
  params,
  searchParams,
}: {
  params: Promise<{ surveyId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const [{ surveyId }, sp, tenant] = await Promise.all([params, searchParams, currentTenant()]);
  const token = typeof sp.token === "string" ? sp.token : null;
  const productName = productNameFromEnv();
  const found = tenant ? await readSurveyForTaker(tenant.orgId, surveyId, await takerFor(token)) : null;

  let body: React.ReactNode;
  // With a token, 'not found' means the link itself is wrong; the answer is the same whether or not
  // the survey exists, so ids cannot be probed either way.
  if (!found) body = token ? <InvalidLink /> : <SurveyNotFound />;
  else if (found.survey.alreadyAnswered) body = <AlreadyAnswered />;
  else if (found.survey.status === "closed") body = <SurveyClosed />;
  else if (found.survey.linkNeeded || !token)
    body = <UseYourEmailLink title={found.survey.title} firstMail={found.survey.firstMail} />;
  else
    body = (
      <SurveyForm
        survey={found.survey}
        questions={found.questions}
        token={token}
        heading={`${(await companyName(tenant!.orgId)) ?? productName} Survey`}
        textAnswerMax={TEXT_ANSWER_MAX}
        groupNote={<GroupNote survey={found.survey} />}
      />
    );
  return <SurveyShell productName={productName}>{body}</SurveyShell>;
}
