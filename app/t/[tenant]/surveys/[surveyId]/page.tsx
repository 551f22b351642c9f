import type { Metadata } from "next";
import { currentTenant } from "@/lib/tenancy/resolve";
import { productNameFromEnv } from "@/lib/tenancy/site";
import { readSurveyForTaker } from "@/lib/surveys/survey-read";
import { takerFor } from "@/lib/surveys/taker";
import { SurveyMessage, SurveyShell } from "@/components/survey-take/survey-shell";
import { SurveyForm } from "@/components/survey-take/survey-form";

export const metadata: Metadata = { title: "Survey", robots: { index: false } };

// Public and anonymous (spec: no login check): the personal link's token, or the invited person's
// own session for the app's 'Take Survey'.
export default async function TakeSurveyPage({ params, searchParams }: { params: Promise<{ surveyId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [{ surveyId }, sp, tenant] = await Promise.all([params, searchParams, currentTenant()]);
  const token = typeof sp.token === "string" ? sp.token : null;
  const productName = productNameFromEnv();
  const found = tenant ? await readSurveyForTaker(tenant.orgId, surveyId, await takerFor(token)) : null;

  let body: React.ReactNode;
  if (!found) body = <SurveyMessage title="Survey Not Found">This survey may have expired or the link is invalid.</SurveyMessage>;
  else if (found.survey.alreadyAnswered) body = <SurveyMessage title="Already answered">You have already answered this survey. Thank you!</SurveyMessage>;
  else if (found.survey.status === "closed") body = <SurveyMessage title="This survey is closed">It no longer accepts answers. The next pulse will arrive by e-mail.</SurveyMessage>;
  else body = <SurveyForm survey={found.survey} questions={found.questions} token={token} productName={productName} />;
  return <SurveyShell productName={productName}>{body}</SurveyShell>;
}
