import { describe, expect, expectTypeOf, it } from 'vitest';
import { type ProcedurePath, RATE_LIMIT_RULES, type RateLimitRules, rulesFor } from './rate-limit-rules';
import { appRouter } from './root';

/** The rule keys that name no procedure of the router (what a typo would leave behind). */
function unknownPaths(rules: object): string[] {
  const procedures = new Set(Object.keys(appRouter._def.procedures));
  return Object.keys(rules).filter((path) => !procedures.has(path));
}

describe('rate-limit rules are keyed by the procedures’ own paths', () => {
  it('every key of the table is a procedure of the router', () => {
    expect(Object.keys(RATE_LIMIT_RULES).length).toBeGreaterThan(10);
    expect(unknownPaths(RATE_LIMIT_RULES)).toEqual([]);
  });

  it('a planted typo is caught by the runtime check', () => {
    const planted: Record<string, unknown> = { ...RATE_LIMIT_RULES, 'accounts.logn': [] };
    expect(unknownPaths(planted)).toEqual(['accounts.logn']);
  });

  it('a planted typo fails the build (the type of the table only admits real paths)', () => {
    const typo: RateLimitRules = {
      // @ts-expect-error: `accounts.logn` is no procedure; if this line ever compiles, typecheck fails here.
      'accounts.logn': [],
    };
    expect(unknownPaths(typo)).toEqual(['accounts.logn']);
    expectTypeOf<'accounts.login'>().toExtend<ProcedurePath>();
    expectTypeOf<'accounts.logn'>().not.toExtend<ProcedurePath>();
    // The path type is the router's, not any string.
    expectTypeOf<string>().not.toExtend<ProcedurePath>();
  });

  it('looks rules up by any path a call arrives with', () => {
    expect(rulesFor('accounts.login')).toBe(RATE_LIMIT_RULES['accounts.login']);
    expect(rulesFor('accounts.logn')).toBeUndefined();
    expect(rulesFor('toString')).toBeUndefined();
  });
});
