// A time as the profile says it: a date in the page's language.

import { language } from "../i18n.js";

// `seconds`: since the epoch, as the server sends times.
export function dateOf(seconds) {
  return new Intl.DateTimeFormat(language(), { dateStyle: "medium" }).format(new Date(seconds * 1000));
}
