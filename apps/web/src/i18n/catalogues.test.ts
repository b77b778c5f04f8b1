import { fileURLToPath } from 'node:url';
import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { describe, expect, it } from 'vitest';

/**
 * The catalogues' check (issue 33), run in CI with the unit tests: every message the code shows is in the English
 * catalogue (fails otherwise: run `pnpm --filter @barterads/web i18n:extract`), no Hindi or Marathi catalogue has a
 * key English lacks, and the messages not translated yet are reported as a count per language (they show in English
 * until they are: Lingui falls back to the source, never to an id).
 */
/**
 * Extraction parses every source file of the app (the common catalogue spans all of src/): tens of seconds on a
 * quiet machine, minutes on a busy one. A ceiling, not a time it must take.
 */
const EXTRACTION_CEILING_MS = 600_000;

/** The web app's Lingui configuration (lingui.config.ts). */
function linguiConfig() {
  return getConfig({
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    configPath: fileURLToPath(new URL('../../lingui.config.ts', import.meta.url)),
  });
}

describe('message catalogues', () => {
  /**
   * The namespaces a page needs load into one Lingui instance, each merged over the ones before: a message in two
   * catalogues with two translations showed whichever loaded last. The server (which has rendered pages of every
   * namespace) then rendered the header's "About" as the profile field's "परिचय" where the browser, with the page's
   * catalogues only, hydrated "हमारे बारे में": a hydration error, and what a visitor had typed was lost. Words that
   * mean two things carry a context (`msg({ message, context })`), which makes them two messages.
   */
  it('gives a message one translation per language, whichever catalogues hold it', async () => {
    const catalogs = await getCatalogs(linguiConfig());
    const translations = new Map<string, Map<string, string[]>>();
    for (const catalog of catalogs) {
      const namespace = catalog.path.split('/').pop() ?? catalog.path;
      for (const [language, messages] of Object.entries(await catalog.readAll())) {
        for (const [id, entry] of Object.entries(messages ?? {})) {
          if (entry.obsolete || !entry.translation) continue;
          const key = `${language} ${entry.context ? `[${entry.context}] ` : ''}${entry.message ?? id}`;
          const byText = translations.get(key) ?? new Map<string, string[]>();
          byText.set(entry.translation, [...(byText.get(entry.translation) ?? []), namespace]);
          translations.set(key, byText);
        }
      }
    }
    const conflicting = [...translations]
      .filter(([, byText]) => byText.size > 1)
      .map(
        ([key, byText]) =>
          `${key}: ${[...byText].map(([text, ns]) => `"${text}" (${ns.join(', ')})`).join(' / ')}`,
      );
    expect(conflicting).toEqual([]);
  });

  it('English holds every message of the code; Hindi and Marathi hold no other', {
    timeout: EXTRACTION_CEILING_MS,
  }, async () => {
    const catalogs = await getCatalogs(linguiConfig());
    const missingFromEnglish: string[] = [];
    const extra: string[] = [];
    const untranslated: Record<string, number> = {};
    const total: Record<string, number> = {};
    for (const catalog of catalogs) {
      const namespace = catalog.path.split('/').pop() ?? catalog.path;
      const collected = (await catalog.collect()) ?? {};
      const all = await catalog.readAll();
      const english = all.en ?? {};
      for (const [id, message] of Object.entries(collected)) {
        if (!english[id]?.translation) missingFromEnglish.push(`${namespace}: ${message.message ?? id}`);
      }
      for (const language of ['hi', 'mr'] as const) {
        const messages = all[language] ?? {};
        for (const id of Object.keys(messages)) {
          if (!(id in english)) extra.push(`${language}/${namespace}: ${id}`);
        }
        for (const [id, entry] of Object.entries(english)) {
          if (entry.obsolete) continue;
          total[language] = (total[language] ?? 0) + 1;
          if (!messages[id]?.translation) untranslated[language] = (untranslated[language] ?? 0) + 1;
        }
      }
    }
    console.log(
      `untranslated messages: ${['hi', 'mr'].map((l) => `${l} ${untranslated[l] ?? 0} of ${total[l] ?? 0}`).join(', ')}`,
    );
    expect(missingFromEnglish, 'messages missing from the English catalogue (run i18n:extract)').toEqual([]);
    expect(extra, 'Hindi or Marathi keys that English does not have').toEqual([]);
  });
});
