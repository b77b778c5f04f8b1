import { DEAL_MESSAGES } from '../deals';
import { DELIVERY_MESSAGES, REVIEW_MESSAGES } from '../deliveries';
import type { Language } from '../languages';
import { MESSAGES } from '../messages';
import { NOTIFICATION_KIND_LABELS } from '../notifications';
import {
  DEAL_MESSAGE_TRANSLATIONS,
  DELIVERY_LABELS,
  DELIVERY_MESSAGE_TRANSLATIONS,
  REVIEW_MESSAGE_TRANSLATIONS,
} from './deals';
import { LABELS } from './labels';
import { MESSAGE_TRANSLATIONS } from './messages';
import { NOTIFICATION_LABEL_TRANSLATIONS } from './notifications';
import type { Translation } from './types';

export type { Translation, Translations } from './types';

/**
 * The shared texts of packages/core in Hindi and Marathi (spec 3, section 5): the server's error messages and
 * e-mails and the web app's labels that come from core. Kept out of the `@barterads/core` barrel (a subpath of
 * its own) so the pages that never show them do not download them.
 */
let table: Map<string, Translation> | undefined;

function translations(): Map<string, Translation> {
  if (table) return table;
  const map = new Map(Object.entries({ ...LABELS, ...DELIVERY_LABELS }));
  const keyed = <T extends Record<string, string>>(english: T, translated: Record<keyof T, Translation>) => {
    for (const [key, text] of Object.entries(english)) map.set(text, translated[key as keyof T]);
  };
  keyed(MESSAGES, MESSAGE_TRANSLATIONS);
  keyed(DEAL_MESSAGES, DEAL_MESSAGE_TRANSLATIONS);
  keyed(DELIVERY_MESSAGES, DELIVERY_MESSAGE_TRANSLATIONS);
  keyed(REVIEW_MESSAGES, REVIEW_MESSAGE_TRANSLATIONS);
  keyed(NOTIFICATION_KIND_LABELS, NOTIFICATION_LABEL_TRANSLATIONS);
  table = map;
  return map;
}

/** `english` in `language`; English itself when no translation is known (never a key). */
export function translateText(language: Language, english: string): string {
  if (language === 'en') return english;
  return translations().get(english)?.[language] ?? translateDynamic(language, english) ?? english;
}

/** Whether `english` has a Hindi and Marathi translation (tests). */
export function hasTranslation(english: string): boolean {
  return translations().has(english);
}

/** Texts made with a number (core's otpWrongCode): "Wrong code. 2 tries left." */
function translateDynamic(language: Exclude<Language, 'en'>, english: string): string | undefined {
  const wrongCode = /^Wrong code\. (\d+) tries? left\.$/.exec(english);
  if (wrongCode) {
    const left = wrongCode[1];
    return language === 'hi' ? `कोड ग़लत है। ${left} प्रयास बाक़ी।` : `कोड चुकीचा आहे. ${left} प्रयत्न उरले.`;
  }
  const required = /^(.+) is required\.$/.exec(english);
  if (required?.[1] && translations().has(required[1])) {
    const label = translations().get(required[1])![language];
    return language === 'hi' ? `${label} ज़रूरी है।` : `${label} आवश्यक आहे.`;
  }
  const tooLong = /^(.+) must be at most (\d+) characters\.$/.exec(english);
  if (tooLong?.[1] && translations().has(tooLong[1])) {
    const label = translations().get(tooLong[1])![language];
    return language === 'hi'
      ? `${label} अधिकतम ${tooLong[2]} अक्षरों का हो सकता है।`
      : `${label} जास्तीत जास्त ${tooLong[2]} अक्षरांचे असू शकते.`;
  }
  return undefined;
}
