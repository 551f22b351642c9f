"use client";

import { PageError } from "@/components/status/page-error";

// Inside the app shell, which keeps its navigation and already has the page's <main>.
export default function AppError(props: { error: Error & { digest?: string }; retry: () => void }) {
  return <PageError {...props} as="section" />;
}
