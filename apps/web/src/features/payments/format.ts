/** ₹2,499 from whole rupees; ₹2,499 or ₹1,533.30 from an amount in paise (what Razorpay and the server use). */
export { formatPaise, formatRupees } from '@barterads/core';

/** "1 Dec 2026": the one date style (components/dates.ts). */
export { formatDate as formatDay } from '../../components/dates';

export const PERIOD_LABEL = { monthly: 'Monthly', yearly: 'Yearly' } as const;
