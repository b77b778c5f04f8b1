/** The admin account the e2e server is started with. */
export const E2E_ADMIN = { email: 'e2e-admin@barterads.in', password: 'e2e-admin-password' } as const;
/** Every demo user's password (see packages/db seed). */
export const DEMO_PASSWORD = 'demo-password';
export const DEMO_MEDIA_OWNER_EMAIL = 'aarav.sharma1@demo.barterads.in';
export const DEMO_ADVERTISER_EMAIL = 'priya.nair2@demo.barterads.in';

/** A 1 × 1 PNG: a photo for upload tests (the server re-encodes it without metadata). */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
