import { LANGUAGE_TAGS, type Language } from '@barterads/core';

/**
 * The words around every member e-mail in the member's language (issue 33): the greeting, the link and the
 * settings line. The e-mails' own sentences are chosen where they are written (deals/mail.ts, accounts/otp.ts);
 * this only frames them, so a change of the mails' format (HTML templates) takes the language from here.
 */
const FRAME: Record<Language, { hello: (name: string) => string; there: string; settings: string }> = {
  en: {
    hello: (name) => `Hello ${name},`,
    there: 'there',
    settings: 'You can choose which e-mails you get in your settings:',
  },
  hi: {
    hello: (name) => `नमस्ते ${name},`,
    there: 'जी',
    settings: 'कौन-से ई-मेल आपको मिलें, यह आप अपनी सेटिंग्स में चुन सकते हैं:',
  },
  mr: {
    hello: (name) => `नमस्कार ${name},`,
    there: 'मंडळी',
    settings: 'तुम्हाला कोणते ई-मेल यावेत हे तुम्ही तुमच्या सेटिंग्जमध्ये निवडू शकता:',
  },
};

/** A notice's e-mail as plain text: greeting, the notice, its link, the settings line, the signature. */
export function noticeEmailText(
  language: Language,
  input: { firstName: string | null | undefined; body: string; url: string; settingsUrl: string },
): string {
  const frame = FRAME[language];
  return `${frame.hello(input.firstName || frame.there)}\n\n${input.body}\n\n${input.url}\n\n${frame.settings} ${input.settingsUrl}\n\nBarterAds`;
}

/** An instant as India reads it, in `language` with Latin digits: "28 Nov 2026, 5:30 pm IST". */
export function formatIndiaTime(value: string | Date, language: Language): string {
  const text = new Date(value).toLocaleString(`${LANGUAGE_TAGS[language]}-u-nu-latn`, {
    timeZone: 'Asia/Kolkata',
    dateStyle: 'medium',
    timeStyle: 'short',
    // Hindi and Marathi on a 24-hour clock: Intl writes their am/pm in Latin letters.
    ...(language === 'en' ? {} : { hourCycle: 'h23' as const }),
  });
  return `${text} IST`;
}
