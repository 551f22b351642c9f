"use client";

import { PageError } from "@/components/status/page-error";

export default function Error(props: { error: Error & { digest?: string }; retry: () => void }) {
  return <PageError {...props} />;
}
