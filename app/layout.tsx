import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import "./fonts/inter.css";
import "./globals.css";
import { inter } from "@/app/fonts/inter";
import { Providers } from "@/app/providers";
import { EARLY_SUBMITS_SCRIPT } from "@/components/forms/early-submits";
import { scriptNonce } from "@/lib/tenancy/script-nonce";
import { productNameFromEnv } from "@/lib/tenancy/site";

export async function generateMetadata(): Promise<Metadata> {
  const name = productNameFromEnv();
  return {
    title: { default: name, template: `%s · ${name}` },
    description: `${name}: weekly pulse surveys, culture dashboards and leadership coaching.`,
  };
}

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const nonce = scriptNonce((await headers()).get("content-security-policy"));
  return (
    <html lang="en" className={inter.variable}>
      <body className="min-h-dvh font-sans">
        {/* First in the body, before any form: holds a form pressed before hydration. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: EARLY_SUBMITS_SCRIPT }} />
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
