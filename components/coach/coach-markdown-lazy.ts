"use client";

import dynamic from "next/dynamic";

// The markdown renderer in its own chunk: only the Boss Bot page (replies, cited items) loads it.
export const LazyCoachMarkdown = dynamic(() => import("@/components/coach/coach-markdown"), {
  loading: () => null,
});
