// Every date, time, number, plural and relative time the product writes goes through here, in
// the one LOCALE (locale.ts); nothing else calls toLocale* or Intl (an ESLint rule holds that).
export { LOCALE } from "./locale";
export { formatDate, formatDay } from "./dates";
export { formatCurrency, formatNumber } from "./numbers";
export { plural, pluralWord } from "./plural";
export { relativeTime } from "./relative";
