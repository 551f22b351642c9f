import type { Metadata } from "next";
import { currentSession } from "@/lib/auth/current-session";
import { can } from "@/lib/auth/permissions";
import { getSeatUsage } from "@/lib/people/seats";
import { PageHeader } from "@/components/layout/page-header";
import { AccessRestricted } from "@/components/shell/access-restricted";
import { BulkImport } from "@/components/bulk-import/bulk-import";

export const metadata: Metadata = { title: "Bulk Import" };

// people.manage (admins: docs/decisions.md (Roles and permissions)); the server decides here and again in the API
// route.
export default async function BulkImportPage() {
  const session = await currentSession();
  if (!session) return null;
  if (!can(session.ctx, "people.manage")) return <AccessRestricted feature="Bulk Import" permission="people.manage" />;
  const { orgId } = session.ctx;
  const seats = await getSeatUsage(orgId);
  return (
    <>
      <PageHeader
        title="Bulk Import"
        subtitle="Add many people at once from a CSV file. Each new person gets an invitation e-mail to set a password."
      />
      <BulkImport organizationId={orgId} seats={seats} />
    </>
  );
}
