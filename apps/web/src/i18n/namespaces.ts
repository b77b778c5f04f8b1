import type { Namespace } from '.';

const PUBLIC =
  /^\/(how-it-works|pricing|about|help|contact|success-stories|privacy-policy|terms|refund-cancellation)(\/|$)/;
const MARKETPLACE = /^\/(marketplace|listings|b|dashboard)(\/|$)/;
const ACCOUNT = /^\/(login|signup|settings|dashboard)(\/|$)/;

/** The catalogue namespaces a route shows (its path without the language segment). */
export function namespacesFor(path: string): Namespace[] {
  const namespaces: Namespace[] = ['common'];
  if (path === '/' || PUBLIC.test(path)) namespaces.push('public');
  // The landing page's featured listings are in its own catalogue (public).
  if (MARKETPLACE.test(path)) namespaces.push('marketplace');
  if (ACCOUNT.test(path)) namespaces.push('account');
  if (path.startsWith('/dashboard')) namespaces.push('deals');
  return namespaces;
}
