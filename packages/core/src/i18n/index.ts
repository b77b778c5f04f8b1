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

/**
 * A circle leg's reasons (circles.ts acceptReasonWords: stored in English with the circle, shown on its page): the
 * ones made with a category, a city or the values. The fixed ones are in LABEL_TRANSLATIONS.
 */
function circleReason(language: Exclude<Language, 'en'>, english: string): string | undefined {
  const category = /^(.+) is a category on the receiver's accept list$/.exec(english);
  if (category?.[1]) {
    const name = translations().get(category[1])?.[language] ?? category[1];
    return language === 'hi'
      ? `${name} लेने वाले की स्वीकार-सूची की श्रेणी है`
      : `${name} ही घेणाऱ्याच्या स्वीकार-यादीतील श्रेणी आहे`;
  }
  const city = /^(.+) is a city on the receiver's accept list$/.exec(english);
  if (city?.[1])
    return language === 'hi'
      ? `${city[1]} लेने वाले की स्वीकार-सूची का शहर है`
      : `${city[1]} हे घेणाऱ्याच्या स्वीकार-यादीतील शहर आहे`;
  const worth = /^Worth (₹[\d,]+), inside the receiver's range of (₹[\d,]+) to (₹[\d,]+)$/.exec(english);
  if (worth)
    return language === 'hi'
      ? `मूल्य ${worth[1]}, लेने वाले की ${worth[2]} से ${worth[3]} की सीमा के भीतर`
      : `मूल्य ${worth[1]}, घेणाऱ्याच्या ${worth[2]} ते ${worth[3]} या मर्यादेत`;
  return undefined;
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
  const circle = circleReason(language, english);
  if (circle) return circle;
  const tooLong = /^(.+) must be at most (\d+) characters\.$/.exec(english);
  if (tooLong?.[1] && translations().has(tooLong[1])) {
    const label = translations().get(tooLong[1])![language];
    return language === 'hi'
      ? `${label} अधिकतम ${tooLong[2]} अक्षरों का हो सकता है।`
      : `${label} जास्तीत जास्त ${tooLong[2]} अक्षरांचे असू शकते.`;
  }
  return undefined;
}
