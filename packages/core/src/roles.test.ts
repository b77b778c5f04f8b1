import { describe, expect, it } from 'vitest';
import { parseAuthRole, parseUserType } from './roles';

describe('parseUserType', () => {
  it('reads every alias of the spec, in any case and with spaces around', () => {
    expect(parseUserType('advertiser')).toBe('advertiser');
    expect(parseUserType(' Advertisers ')).toBe('advertiser');
    for (const alias of ['media_owner', 'media_owners', 'media owner', 'Media Owners', 'mediaowners'])
      expect(parseUserType(alias)).toBe('media_owner');
  });

  it('knows nothing else, not even the names every object inherits', () => {
    // These once came back as functions (Object.prototype's), and the admin listing filter answered 500.
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf', 'agency', ''])
      expect(parseUserType(name), name).toBeUndefined();
    expect(parseUserType(42)).toBeUndefined();
  });
});

describe('parseAuthRole', () => {
  it('treats every role but admin as user', () => {
    expect(parseAuthRole(' ADMIN ')).toBe('admin');
    expect(parseAuthRole('constructor')).toBe('user');
    expect(parseAuthRole(undefined)).toBe('user');
  });
});
