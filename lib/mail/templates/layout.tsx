import { escapeRegExp } from "@/lib/utils/reg-exp";
import type { ReactNode } from "react";
import { Body } from "@react-email/body";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { MailBrand } from "./types";

// The one layout every message uses: the company's name as the heading under a bar of its accent
// colour, the message's paragraphs, and a footer naming the company. Inline styles only: mail
// clients drop <style> blocks and external CSS. Every value is a React child or prop, so names
// and texts are escaped by React; nothing here sets HTML from a string.

/** The line inboxes show after the subject, hidden in the message, padded with invisible characters
 * so the body's first words do not follow it in the list. react-email's <Preview> pads with about
 * 2.5 KB per message; forty pairs outlast the 100-140 characters inbox lists show, and keep the
 * stored HTML of a round of 10,000 invitations about 25 MB smaller. */
function InboxPreview({ text }: { text: string }) {
  return (
    <div
      style={{ display: "none", overflow: "hidden", lineHeight: "1px", opacity: 0, maxHeight: 0, maxWidth: 0 }}
      data-skip-in-text="true"
    >
      {text + "\u00a0\u200c".repeat(40)}
    </div>
  );
}

const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export function MailLayout(p: { brand: MailBrand; preview: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Body style={{ backgroundColor: "#f4f5f7", margin: 0, padding: "24px 0", fontFamily: FONT }}>
        <InboxPreview text={p.preview} />
        <Container
          style={{
            maxWidth: "560px",
            backgroundColor: "#ffffff",
            borderTop: `6px solid ${p.brand.accentColor}`,
            borderRadius: "6px",
            padding: "24px 32px",
          }}
        >
          <Section>
            <Heading as="h1" style={{ fontSize: "20px", lineHeight: "28px", margin: "0 0 16px", color: "#111827" }}>
              {p.brand.companyName}
            </Heading>
          </Section>
          <Section>{p.children}</Section>
          <Hr style={{ borderColor: "#e5e7eb", margin: "24px 0 12px" }} />
          <Text style={{ fontSize: "12px", lineHeight: "18px", color: "#6b7280", margin: 0 }}>
            {`Sent on behalf of ${p.brand.companyName}.`}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/**
 * Plain text as paragraphs (blank lines between them, single line breaks kept), the way the text
 * part reads. Only the exact strings in `links` become links (each is a URL the message itself
 * built, never one found in an admin's or a person's text), so no other text can turn into one.
 */
export function Paragraphs(p: { text: string; links?: readonly string[]; accentColor: string }) {
  const links = [...new Set(p.links ?? [])].filter(Boolean).sort((a, b) => b.length - a.length);
  const splitter = links.length ? new RegExp(`(${links.map(escapeRegExp).join("|")})`) : null;
  const line = (l: string, key: number) => {
    const pieces = splitter ? l.split(splitter) : [l];
    return (
      <span key={key}>
        {key > 0 ? <br /> : null}
        {pieces.map((piece, i) =>
          i % 2 === 1 ? (
            <Link
              key={i}
              href={piece}
              style={{ color: p.accentColor, textDecoration: "underline", wordBreak: "break-all" }}
            >
              {piece}
            </Link>
          ) : (
            piece
          ),
        )}
      </span>
    );
  };
  const blocks = p.text.split(/\n[ \t]*\n/).filter((b) => b.trim() !== "");
  return (
    <>
      {blocks.map((block, i) => (
        <Text key={i} style={{ fontSize: "15px", lineHeight: "24px", color: "#1f2937", margin: "0 0 14px" }}>
          {block.split("\n").map(line)}
        </Text>
      ))}
    </>
  );
}
