import type { Metadata, Viewport } from "next";
import "./fonts/inter.css";
import "./globals.css";
import { inter } from "@/app/fonts/inter";
import { Providers } from "@/app/providers";
import { productNameFromEnv } from "@/lib/tenancy/site";

export async function generateMetadata(): Promise<Metadata> {
  const name = productNameFromEnv();
  return { title: { default: name, template: `%s · ${name}` }, description: `${name}: weekly pulse surveys, culture dashboards and leadership coaching.` };
}

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en" className={inter.variable}>
      <body className="min-h-dvh font-sans">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
