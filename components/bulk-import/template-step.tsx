import { Download } from "lucide-react";
import { Button } from "@/components/ui/button";
import { StepCard } from "@/components/bulk-import/step-card";

const TEMPLATE_PATH = "/templates/users-template.csv";

export function TemplateStep() {
  return (
    <StepCard
      step={1}
      title="Download the template"
      description="One line per person. Role is employee (the default) or manager. Department puts the person in that team, created when it does not exist yet; the first manager of a team without one leads it. Manager Email links to a manager already in your workspace or in the same file."
    >
      <Button asChild variant="outline">
        <a href={TEMPLATE_PATH} download="users-template.csv">
          <Download aria-hidden="true" />
          Download Template
        </a>
      </Button>
    </StepCard>
  );
}
