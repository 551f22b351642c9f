import type { Metadata } from "next";
import { PageNotFound } from "@/components/status/page-not-found";

// Next reads a 404's metadata from its not-found boundary.
export const metadata: Metadata = { title: "Page Not Found" };

export default function NotFound() {
  return <PageNotFound />;
}
