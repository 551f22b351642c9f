import { PageNotFound } from "@/components/status/page-not-found";

export default function NotFound() {
  return <PageNotFound />;
}
