import Link from "next/link";
import { ClipboardCheck, MessagesSquare } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Button } from "@/components/ui/button";

// Employees see no organisation numbers, only their own way into the pulse (docs/decisions.md (Roles and permissions)).
export function EmployeeWelcome({ openSurveyId }: { openSurveyId: string | null }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle as="h2" className="flex items-center gap-2">
            <ClipboardCheck aria-hidden="true" className="size-5 text-brand-600" />
            Your weekly pulse
          </CardTitle>
          <CardDescription>
            {openSurveyId
              ? "A survey is open. Answer it with the personal link in your e-mail: it takes two minutes, and your answers are only ever reported together with your colleagues'. If you have already answered, thank you."
              : "No survey is open right now. The next pulse survey arrives by e-mail; your answers are always anonymous."}
          </CardDescription>
        </CardHeader>
        {openSurveyId ? (
          <CardContent>
            <Button asChild>
              <Link href={`/surveys/${openSurveyId}`}>Take Survey</Link>
            </Button>
          </CardContent>
        ) : null}
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2" className="flex items-center gap-2">
            <MessagesSquare aria-hidden="true" className="size-5 text-brand-600" />
            Your 1:1s
          </CardTitle>
          <CardDescription>Prepare for your next conversation with your manager.</CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild variant="outline">
            <Link href="/one-on-one">Open 1-on-1s</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
