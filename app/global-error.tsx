"use client";

import "./globals.css";
import { PageError } from "@/components/status/page-error";

// When the root layout itself fails, this replaces it, so it brings its own <html> and <body>.
export default function GlobalError(props: { error: Error & { digest?: string }; retry: () => void }) {
  return (
    <html lang="en">
      <body className="min-h-dvh font-sans">
        <PageError {...props} />
      </body>
    </html>
  );
}
