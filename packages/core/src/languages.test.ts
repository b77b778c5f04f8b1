import { describe, expect, it } from 'vitest';
import { formatDateIn, formatMonthIn } from './dates';
import { languageFromAcceptLanguage, languagePath, splitLanguagePath } from './languages';
import { formatIndiaDate, formatIndianNumber, formatPaise, formatRupees } from './money';

describe('languages', () => {
  it('follows the highest-weighted supported language of Accept-Language', () => {
    expect(languageFromAcceptLanguage('hi-IN,hi;q=0.9,en;q=0.8')).toBe('hi');
    expect(languageFromAcceptLanguage('en-GB,en;q=0.9,mr;q=0.8')).toBe('en');
    expect(languageFromAcceptLanguage('fr-FR,mr;q=0.5')).toBe('mr');
    expect(languageFromAcceptLanguage('de,fr')).toBe('en');
    expect(languageFromAcceptLanguage(undefined)).toBe('en');
  });

  it('splits and builds language paths', () => {
    expect(splitLanguagePath('/hi/marketplace')).toEqual({ language: 'hi', path: '/marketplace' });
    expect(splitLanguagePath('/mr')).toEqual({ language: 'mr', path: '/' });
    expect(splitLanguagePath('/hint')).toEqual({ language: 'en', path: '/hint' });
    expect(languagePath('hi', '/')).toBe('/hi/');
    expect(languagePath('mr', '/listings/1')).toBe('/mr/listings/1');
    expect(languagePath('en', '/pricing')).toBe('/pricing');
  });
});

describe('formats per language', () => {
  it('money and numbers group the Indian way in every language, as Intl does for en-IN, hi-IN and mr-IN', () => {
    // Latin digits in every language (mr-IN's default is Devanagari digits; invoices, GSTINs and amounts keep
    // the digits business documents use): the spec's ₹1,00,000.
    for (const tag of ['en-IN', 'hi-IN-u-nu-latn', 'mr-IN-u-nu-latn']) {
      expect(new Intl.NumberFormat(tag).format(1234567)).toBe(formatIndianNumber(1234567));
      expect(new Intl.NumberFormat(tag).format(100000)).toBe(formatIndianNumber(100000));
    }
    expect(formatRupees(100000)).toBe('₹1,00,000');
    expect(formatPaise(153330)).toBe('₹1,533.30');
  });

  it('dates name the month in the language, in the Indian order', () => {
    expect(formatIndiaDate('2026-12-01')).toBe('1 Dec 2026');
    expect(formatDateIn('2026-12-01', 'hi')).toBe('1 दिसंबर 2026');
    expect(formatDateIn('2026-02-14', 'mr')).toBe('14 फेब्रुवारी 2026');
    expect(formatMonthIn('2026-12-01', 'mr')).toBe('डिसेंबर 2026');
    expect(formatMonthIn('2026-12-01', 'hi')).toBe(
      new Intl.DateTimeFormat('hi-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
        new Date('2026-12-01T00:00:00Z'),
      ),
    );
  });
});
