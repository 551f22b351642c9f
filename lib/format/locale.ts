/**
 * The one language every date, number and plural on screen and in mail is written in. Another
 * language later is this constant (and the word-order patterns in dates.ts) swapped.
 */
export const LOCALE = "en-US";
