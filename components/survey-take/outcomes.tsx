import { SurveyMessage } from "@/components/survey-take/survey-shell";

// The screens a survey link can end on. The page (before answering) and the form (after a refused
// submit) show the same ones, so a person sees one wording whichever way they get there.

export function SurveyNotFound() {
  return (
    <SurveyMessage title="Survey Not Found">
      <p>This survey may have expired or the link is invalid.</p>
      <p className="mt-2 text-sm">
        Open the survey from the link in your invitation e-mail, or sign in to your workspace first.
      </p>
    </SurveyMessage>
  );
}

/** A token that matches no invitation. It says nothing about whether the survey exists. */
export function InvalidLink() {
  return (
    <SurveyMessage title="This survey link is invalid">
      <p>This survey may have expired or the link is invalid.</p>
      <p className="mt-2 text-sm">
        Please use the link in the invitation e-mail that brought you this survey; reminders carry no link of their own.
      </p>
    </SurveyMessage>
  );
}

export function AlreadyAnswered() {
  return (
    <SurveyMessage title="Already answered">
      <p>You have already answered this survey. Thank you!</p>
      <p className="mt-2 text-sm">Each link works once, so that every person counts exactly once.</p>
    </SurveyMessage>
  );
}

/** Signed in without the personal link: only the link answers, since an answer must not carry
 * anything that leads back to the person. */
export function UseYourEmailLink({
  title,
  firstMail,
}: {
  title: string;
  firstMail: { subject: string; sentOn: string; closesOn: string } | null;
}) {
  return (
    <SurveyMessage title="Answer with the link in your e-mail">
      <p>{`"${title}" is answered with your personal link, so that nothing we store ties your answers to you.`}</p>
      <p className="mt-2 text-sm">
        {firstMail
          ? `Your link is in the e-mail we sent on ${firstMail.sentOn}, "${firstMail.subject}"; it works until ${firstMail.closesOn}.`
          : "Your link is in the invitation e-mail for this survey."}
        {" If you have already answered, thank you."}
      </p>
    </SurveyMessage>
  );
}

export function SurveyClosed() {
  return (
    <SurveyMessage title="This survey is closed">
      <p>It no longer accepts answers. The next pulse will arrive by e-mail.</p>
    </SurveyMessage>
  );
}

export function ThankYou() {
  return (
    <SurveyMessage title="Thank You!" tone="success">
      <p>
        Your anonymous responses help improve the culture of your workplace. Nobody will see your individual answers.
      </p>
    </SurveyMessage>
  );
}
