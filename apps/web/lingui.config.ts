import { fileURLToPath } from 'node:url';
import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * The web app's message catalogues (issue 33): one per namespace and language, `src/locales/<language>/<ns>.po`,
 * extracted from the source (`pnpm --filter @barterads/web i18n:extract`) and compiled on import by the Vite
 * plugin. English is the source; a Hindi or Marathi message not translated yet falls back to the English one,
 * never to its id. Each route loads only the namespaces it shows (src/i18n/namespaces.ts).
 */

/** Route files by name (absolute paths: `<rootDir>` is expanded in folders only). */
const routesDir = fileURLToPath(new URL('./src/routes/', import.meta.url));
const routes = (...names: string[]) => names.map((name) => `${routesDir}${name}.tsx`);
const PUBLIC_ROUTES = routes(
  'index',
  'about',
  'how-it-works',
  'pricing',
  'help',
  'contact',
  'success-stories',
  'privacy-policy',
  'terms',
  'refund-cancellation',
);
const MARKETPLACE_ROUTES = routes('marketplace', 'listings.$id', 'b.$id');
const ACCOUNT_ROUTES = routes('login', 'signup', 'settings', 'dashboard');
const src = fileURLToPath(new URL('./src/', import.meta.url));
/** The landing page's featured listings: in the landing page's catalogue, so `/` does not load the marketplace's. */
const FEATURED = `${src}features/listings/FeaturedOpportunities.tsx`;
/** The deal button shows on listings (marketplace cards, listing pages): in the marketplace's catalogue. */
const PROPOSE_BUTTON = `${src}features/deals/ProposeDealButton.tsx`;
/**
 * The member screens only /dashboard shows (overview cards, My Listings, messages, notifications, saved searches,
 * circle deals, preferences): in the deals catalogue, which every /dashboard page loads, not in the catalogues of
 * the pages that share their folders. The match list also shows on its owner's listing page, which loads the deals
 * catalogue with it (ListingPage.tsx).
 */
const DASHBOARD_SCREENS = [
  'accounts/AccountManagerCard.tsx',
  'accounts/Preferences.tsx',
  'tax/InvoicesToIssueCard.tsx',
  'matching/MatchList.tsx',
  'listings/DashboardOverview.tsx',
  'listings/MyListingsTable.tsx',
  'messages/MessagesPage.tsx',
  'messages/ConversationList.tsx',
  'messages/Thread.tsx',
  'messages/StartConversation.tsx',
  'messages/UnreadBadge.tsx',
  'notifications/NotificationsPage.tsx',
  'saved-searches/SavedSearchesPage.tsx',
  'circles',
].map((file) => `${src}features/${file}`);
/** The sections of /settings beyond the account's own: in the account catalogue (the pricing page is public). */
const SETTINGS_SECTIONS = [
  'payments/BillingSections.tsx',
  'payments/SubscriptionCard.tsx',
  'payments/PaymentHistory.tsx',
  'payments/Refunds.tsx',
  'notifications/EmailPreferencesCard.tsx',
  'businesses/VerifyBusinessSection.tsx',
  // Loaded lazily by /settings, their words with the page's catalogue (no English flash when they arrive).
  'webhooks/WebhooksSection.tsx',
  'whatsapp/WhatsappSection.tsx',
].map((file) => `${src}features/${file}`);
/** The pricing page: with the public pages' catalogue, not in the one every page loads. */
const PRICING = `${src}features/payments/PricingPage.tsx`;

export default defineConfig({
  locales: ['en', 'hi', 'mr'],
  sourceLocale: 'en',
  fallbackLocales: { default: 'en' },
  format: formatter({ lineNumbers: false }),
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/public',
      include: [
        '<rootDir>/src/features/public',
        '<rootDir>/src/features/legal',
        '<rootDir>/src/features/contact',
        FEATURED,
        PRICING,
        ...PUBLIC_ROUTES,
      ],
    },
    {
      path: '<rootDir>/src/locales/{locale}/marketplace',
      include: [
        '<rootDir>/src/features/listings',
        '<rootDir>/src/features/businesses',
        '<rootDir>/src/features/listing-page',
        '<rootDir>/src/features/saved-searches',
        PROPOSE_BUTTON,
        ...MARKETPLACE_ROUTES,
      ],
      exclude: [FEATURED, ...SETTINGS_SECTIONS, ...DASHBOARD_SCREENS],
    },
    {
      path: '<rootDir>/src/locales/{locale}/deals',
      include: ['<rootDir>/src/features/deals', '<rootDir>/src/routes/dashboard', ...DASHBOARD_SCREENS],
      exclude: [PROPOSE_BUTTON],
    },
    {
      path: '<rootDir>/src/locales/{locale}/account',
      include: [
        '<rootDir>/src/features/accounts',
        '<rootDir>/src/features/tax',
        '<rootDir>/src/features/api-keys',
        ...SETTINGS_SECTIONS,
        ...ACCOUNT_ROUTES,
      ],
      exclude: DASHBOARD_SCREENS,
    },
    {
      path: '<rootDir>/src/locales/{locale}/common',
      include: ['<rootDir>/src'],
      exclude: [
        '<rootDir>/src/features/public/**',
        '<rootDir>/src/features/legal/**',
        '<rootDir>/src/features/contact/**',
        '<rootDir>/src/features/listings/**',
        '<rootDir>/src/features/businesses/**',
        '<rootDir>/src/features/listing-page/**',
        '<rootDir>/src/features/saved-searches/**',
        '<rootDir>/src/features/deals/**',
        '<rootDir>/src/features/accounts/**',
        '<rootDir>/src/features/tax/**',
        '<rootDir>/src/features/api-keys/**',
        ...SETTINGS_SECTIONS,
        ...DASHBOARD_SCREENS,
        `${src}features/circles/**`,
        PRICING,
        '<rootDir>/src/routes/dashboard/**',
        '<rootDir>/src/locales/**',
        ...PUBLIC_ROUTES,
        ...MARKETPLACE_ROUTES,
        ...ACCOUNT_ROUTES,
      ],
    },
  ],
});
