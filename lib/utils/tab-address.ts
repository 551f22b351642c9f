/**
 * Keeps a page's open tab in its address (?tab=teams), so a reload or a shared link opens the same
 * one; the default tab has no parameter. Replaces the history entry, so Back still leaves the page.
 */
export function rememberTab(tab: string, defaultTab: string): void {
  const url = new URL(window.location.href);
  if (tab === defaultTab) url.searchParams.delete("tab");
  else url.searchParams.set("tab", tab);
  window.history.replaceState(window.history.state, "", url);
}
