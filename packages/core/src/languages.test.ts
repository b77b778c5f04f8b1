import { describe, expect, it } from 'vitest';
import { languageFromAcceptLanguage, languagePath, splitLanguagePath } from './languages';

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
