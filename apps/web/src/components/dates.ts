/** Every date on a screen in one style, "1 Dec 2026" (core's formatIndiaDate, without an Intl formatter). */
export { formatIndiaDate as formatDate } from '@barterads/core';
