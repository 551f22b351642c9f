"use client";

import ReactMarkdown, { defaultUrlTransform, type Components } from "react-markdown";

// Loaded only by the Boss Bot page (next/dynamic in message-bubble.tsx). Replies are untrusted
// text: raw HTML is dropped, and links keep only http(s) and mailto addresses.
const SAFE_PROTOCOL = /^(https?:|mailto:)/i;

function safeUrl(url: string): string {
  const cleaned = defaultUrlTransform(url);
  if (!cleaned) return "";
  return SAFE_PROTOCOL.test(cleaned) || cleaned.startsWith("/") || cleaned.startsWith("#") ? cleaned : "";
}

const components: Components = {
  h1: ({ children }) => <h3 className="mt-3 mb-1 text-base font-semibold first:mt-0">{children}</h3>,
  h2: ({ children }) => <h3 className="mt-3 mb-1 text-sm font-semibold first:mt-0">{children}</h3>,
  h3: ({ children }) => <h4 className="mt-2 mb-1 text-sm font-semibold first:mt-0">{children}</h4>,
  p: ({ children }) => <p className="my-1.5 first:mt-0 last:mb-0">{children}</p>,
  ul: ({ children }) => <ul className="my-1.5 list-disc space-y-1 pl-5">{children}</ul>,
  ol: ({ children }) => <ol className="my-1.5 list-decimal space-y-1 pl-5">{children}</ol>,
  blockquote: ({ children }) => (
    <blockquote className="my-2 border-l-2 border-slate-300 pl-3 text-slate-700 italic">{children}</blockquote>
  ),
  a: ({ href, children }) => (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className="text-brand-700 underline underline-offset-2"
    >
      {children}
    </a>
  ),
  code: ({ children }) => (
    <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em] break-words">{children}</code>
  ),
  pre: ({ children }) => <pre className="my-2 overflow-x-auto rounded-md bg-slate-100 p-2 text-xs">{children}</pre>,
  img: () => null,
};

export default function CoachMarkdown({ text }: { text: string }) {
  return (
    <ReactMarkdown skipHtml urlTransform={safeUrl} components={components}>
      {text}
    </ReactMarkdown>
  );
}
