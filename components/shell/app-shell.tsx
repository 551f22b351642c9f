import type { ShellUser } from "@/lib/auth/shell-user";
import { NotificationBell } from "@/components/notifications/notification-bell";
import { MobileMenu } from "@/components/shell/mobile-menu";
import { MobileTabBar } from "@/components/shell/mobile-tab-bar";
import { SidebarNav } from "@/components/shell/sidebar-nav";
import { UserMenu } from "@/components/shell/user-menu";
import { Wordmark } from "@/components/shell/wordmark";
import { AppProviders } from "@/components/shell/app-providers";
import { SetupProgressLink } from "@/components/setup/setup-progress-link";

type AppShellProps = {
  user: ShellUser;
  productName?: string;
  /** The setup checklist's progress while it shows (admins of a workspace being set up). */
  setup?: { done: number; total: number } | null;
  children: React.ReactNode;
};

/**
 * The frame of every signed-in page. A server component: only the interactive parts (nav
 * highlighting, menus, bell) ship as client code. md and up: fixed sidebar plus top bar.
 * Below md: top bar with a slide-out menu, and a bottom tab bar.
 */
export function AppShell({ user, productName = "Pulsewell", setup, children }: AppShellProps) {
  return (
    <AppProviders>
      <div className="min-h-dvh bg-slate-50">
        <a
          href="#main-content"
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-brand-700 focus:shadow-lg"
        >
          Skip to main content
        </a>

        <aside
          aria-label="Sidebar"
          className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col border-r border-slate-200 bg-white md:flex"
        >
          <div className="flex h-16 shrink-0 items-center px-6">
            <Wordmark productName={productName} />
          </div>
          <SidebarNav role={user.role} className="flex-1 overflow-y-auto px-3 py-2" />
        </aside>

        <div className="flex min-h-dvh flex-col md:pl-64">
          <header className="sticky top-0 z-20 flex h-14 shrink-0 items-center gap-2 border-b border-slate-200 bg-white/95 px-2 backdrop-blur sm:px-4 md:h-16 md:px-8">
            <MobileMenu role={user.role} productName={productName} />
            <Wordmark productName={productName} className="md:hidden" />
            <div className="ml-auto flex items-center gap-1 sm:gap-2">
              {setup ? <SetupProgressLink progress={setup} /> : null}
              <NotificationBell userId={user.id} organizationId={user.organizationId} />
              <UserMenu user={user} />
            </div>
          </header>

          {/* Bottom padding on phones keeps the last content clear of the fixed tab bar. */}
          <main
            id="main-content"
            tabIndex={-1}
            className="mx-auto w-full max-w-6xl flex-1 px-4 pt-6 pb-24 outline-none sm:px-6 md:px-8 md:pb-10"
          >
            {children}
          </main>
        </div>

        <MobileTabBar role={user.role} />
      </div>
    </AppProviders>
  );
}
