const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/**
 * The six-digit codes (sign-up, e-mail change) in these mails: numbers of their own, six digits with no letter or
 * digit on either side (UUIDs in links are removed first).
 */
export function mailedCodes(mailTexts: readonly string[]): string[] {
  return mailTexts.flatMap((text) =>
    [...text.replace(UUID, '').matchAll(/(?<![0-9A-Za-z])(\d{6})(?![0-9A-Za-z])/g)].map(
      (match) => match[1] as string,
    ),
  );
}

/**
 * The codes the logs repeat as numbers of their own. Inside a longer token (a UUID, a hash, a file key:
 * `3f925383-…`, `a925383b`) six digits are a fragment of that token, not the code: the logs hold thousands of
 * UUIDs, and a scan that counted those found a mailed code in them now and then (one CI run in several).
 */
export function leakedCodes(codes: readonly string[], logs: string): string[] {
  return [...new Set(codes)].filter((code) =>
    new RegExp(`(?<![0-9A-Za-z.])${code}(?![0-9A-Za-z])`).test(logs),
  );
}
