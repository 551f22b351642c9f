import { LOCALE } from "./locale";

// Intl formatters are slow to build and cheap to use: one per kind.
const integerish = new Intl.NumberFormat(LOCALE);
const currencies = new Map<string, Intl.NumberFormat>();

/** "1,200", "1.5": a count or measure with the locale's grouping. */
export function formatNumber(value: number): string {
  return integerish.format(value);
}

/** "$60" for (60, "USD"): whole units, as every price on the site is. */
export function formatCurrency(amount: number, currency: string): string {
  let f = currencies.get(currency);
  if (!f) {
    f = new Intl.NumberFormat(LOCALE, { style: "currency", currency, maximumFractionDigits: 0 });
    currencies.set(currency, f);
  }
  return f.format(amount);
}
