import { describe, expect, it } from 'vitest';
import {
  DEAL_MESSAGES,
  MEDIA_CATEGORIES,
  MESSAGES,
  NOTIFICATION_KIND_LABELS,
  otpWrongCode,
  UNIT_LABELS,
} from '..';
import { CATEGORY_ATTRIBUTE_FIELDS } from '../inventory/attribute-fields';
import { INVENTORY_MESSAGES, LISTING_FORM_MESSAGES } from '../inventory/schemas';
import { FREE_PLAN, PLANS } from '../plans';
import { SAVED_SEARCH_FREQUENCY_LABELS } from '../saved-searches';
import { translateText } from '.';

const DEVANAGARI = /[\u0900-\u097F]/;

describe('core texts in Hindi and Marathi', () => {
  it('every shared message, category, unit and e-mail choice has both, in Devanagari', () => {
    const english = [
      ...Object.values(MESSAGES),
      ...Object.values(DEAL_MESSAGES),
      ...Object.values(NOTIFICATION_KIND_LABELS),
      ...MEDIA_CATEGORIES.map((c) => c.title),
      ...Object.values(UNIT_LABELS).flatMap((u) => [u.one, u.per]),
      ...Object.values(CATEGORY_ATTRIBUTE_FIELDS).flatMap((fields) => fields.map((f) => f.label)),
      // The pricing page's plan terms, saved searches' frequencies and the listing form's messages.
      ...[FREE_PLAN, ...PLANS].flatMap((plan) => [
        plan.description,
        plan.commission,
        plan.dealLimit,
        ...plan.features,
      ]),
      ...Object.values(SAVED_SEARCH_FREQUENCY_LABELS),
      ...Object.values(LISTING_FORM_MESSAGES),
      ...Object.values(INVENTORY_MESSAGES),
    ];
    for (const text of english)
      for (const language of ['hi', 'mr'] as const) {
        const translated = translateText(language, text);
        expect(translated, `${language}: ${text}`).not.toBe(text);
        expect(translated, `${language}: ${text}`).toMatch(DEVANAGARI);
      }
  });

  it('keeps English as it is, falls back to English for an unknown text, and fills in the numbers', () => {
    expect(translateText('en', MESSAGES.invalidCredentials)).toBe(MESSAGES.invalidCredentials);
    expect(translateText('hi', 'Something nobody translated.')).toBe('Something nobody translated.');
    expect(translateText('hi', otpWrongCode(2))).toBe('कोड ग़लत है। 2 प्रयास बाक़ी।');
    expect(translateText('mr', 'First name is required.')).toBe('नाव आवश्यक आहे.');
    expect(translateText('hi', 'Company name must be at most 200 characters.')).toBe(
      'कंपनी का नाम अधिकतम 200 अक्षरों का हो सकता है।',
    );
  });
});

describe("a circle leg's reasons", () => {
  it('reads in Hindi and Marathi, the fixed ones and those with a category, a city or values', async () => {
    const { acceptReasonWords } = await import('../circles');
    const list = {
      categories: ['outdoor'],
      cities: ['Pune'],
      minValueInr: 50_000,
      maxValueInr: 200_000,
      availableFrom: null,
      availableTo: null,
    };
    const listing = { category: 'outdoor' as const, city: 'Pune', valueInr: 120_000 };
    const reasons = acceptReasonWords(
      ['category', 'any_category', 'city', 'any_city', 'value', 'dates', 'any_dates'],
      list,
      listing,
    );
    for (const language of ['hi', 'mr'] as const) {
      for (const reason of reasons) {
        const text = translateText(language, reason);
        expect(text, reason).not.toBe(reason);
        // Only the city (a member's word) and the rupee amounts stay as they were.
        expect(text.replace('Pune', ''), reason).not.toMatch(/[A-Za-z]/);
      }
    }
    expect(translateText('hi', reasons[4]!)).toBe(
      'मूल्य ₹1,20,000, लेने वाले की ₹50,000 से ₹2,00,000 की सीमा के भीतर',
    );
  });
});
