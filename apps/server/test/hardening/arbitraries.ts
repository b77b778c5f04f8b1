import fc from 'fast-check';
import type { JsonSchema } from './targets';

const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

/**
 * Search cursors an attacker crafts: the right shape with impossible values (a "9999-99-99 99:99:99" timestamp was
 * a 500), wrong kinds and shapes.
 */
export const CRAFTED_CURSORS = [
  cursorOf(['9999-99-99 99:99:99', '00000000-0000-4000-8000-000000000000']),
  cursorOf(['2025-02-30 10:00:00+00', '00000000-0000-4000-8000-000000000000']),
  cursorOf(['2025-01-01 24:00:00', '00000000-0000-4000-8000-000000000000']),
  cursorOf(['2025-01-01 10:00:00+99', '00000000-0000-4000-8000-000000000000']),
  cursorOf(['0000-01-01 00:00:00', '00000000-0000-4000-8000-000000000000']),
  cursorOf(['2025-01-01 10:00:00', "' OR 1=1 --"]),
  Buffer.from('[1e999,null]').toString('base64url'),
  cursorOf({ at: '2025-01-01', id: 1 }),
  cursorOf('x'.repeat(150)),
  '!!!not-base64!!!',
];

/** Path parameters over the 200 characters a route takes (they got Fastify's own 414, the path echoed). */
export const LONG_PATH_PARAMS = ['a'.repeat(201), '0'.repeat(1000), `${'%41'.repeat(300)}`, 'é'.repeat(300)];

/** Text that has broken servers before: SQL, HTML, template and path fragments, control and bidi characters. */
export const NASTY_STRINGS = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1; SELECT pg_sleep(10)--',
  '%',
  '_',
  '\\',
  "\\'",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}',
  `$${'{'}7*7}`,
  '../../../../etc/passwd',
  '\u0000',
  'a\u0000b',
  '\u202eevil',
  '\ufeff',
  '\ud800',
  '\udfff',
  '😀🇮🇳👩‍👩‍👧',
  'नमस्ते दुनिया',
  'Z̸̧̛͇a̵l̷g̶o̴',
  '   ',
  '',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '0x7fffffff',
  '__proto__',
  'constructor',
  'prototype',
  '$where',
  '{"$gt":""}',
  '\r\nSet-Cookie: x=1',
];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 1, arbitrary: fc.constantFrom(...CRAFTED_CURSORS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 80 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 60 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('a', 'é', '😀', '<', "'"), fc.integer({ min: 300, max: 70_000 }))
      .map(([c, n]) => c.repeat(n)),
  },
);

const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(-1, 0, 1, -0, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308, Number.MAX_SAFE_INTEGER + 2, 0.5),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** A value of the wrong kind or of a hostile shape. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}) },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(hostileString, hostileString, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Builds a value that matches the schema, from which fields go hostile now and then. */
export function fromSchema(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return hostileValue;
  const valid = validFromSchema(schema, depth);
  return fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: hostileValue });
}

function validFromSchema(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0)
    return fc.oneof(...alternatives.map((s) => fromSchema(s, depth + 1)));
  if (schema.allOf && schema.allOf.length > 0) {
    const merged: JsonSchema = { type: 'object', properties: {}, required: [] };
    for (const part of schema.allOf) {
      Object.assign(merged.properties as object, part.properties ?? {});
      merged.required?.push(...(part.required ?? []));
    }
    return validFromSchema(merged, depth);
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': {
      if (schema.format === 'email') return fc.emailAddress();
      const maxLength = schema.maxLength ?? 200;
      const minLength = Math.min(schema.minLength ?? 0, maxLength);
      return fc.oneof(
        fc.string({ minLength, maxLength: Math.min(maxLength, 120) }),
        fc.string({ unit: 'grapheme', minLength, maxLength: Math.min(maxLength, 60) }),
        fc.constantFrom(...NASTY_STRINGS).filter((s) => s.length >= minLength && s.length <= maxLength),
        fc.emailAddress(),
      );
    }
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1_000_000 });
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1e6,
        max: schema.maximum ?? 1e6,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(fromSchema(schema.items, depth + 1), { maxLength: 5 });
    case 'object': {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, prop] of Object.entries(properties)) record[key] = fromSchema(prop, depth + 1);
      return fc.record(record, { requiredKeys: Object.keys(properties).filter((k) => required.has(k)) });
    }
    default:
      return hostileValue;
  }
}

/** Keys that pollute prototypes when a server merges objects carelessly. */
const POLLUTION = [
  '"__proto__":{"polluted":"yes","isAdmin":true,"role":"admin"}',
  '"constructor":{"prototype":{"polluted":"yes"}}',
  '"__proto__":null',
  '"prototype":{"polluted":"yes"}',
];

/** JSON text of the body, sometimes with prototype-pollution keys spliced in (JSON.stringify can't write them). */
export const jsonBody = (schema: JsonSchema | undefined): fc.Arbitrary<string> =>
  fc
    .tuple(
      fc.oneof(
        { weight: 8, arbitrary: fromSchema(schema) },
        { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
        { weight: 1, arbitrary: fc.array(fromSchema(schema), { maxLength: 3 }) },
      ),
      fc.subarray(POLLUTION, { maxLength: 2 }),
    )
    .map(([value, pollution]) => {
      const text = JSON.stringify(value) ?? 'null';
      if (pollution.length === 0 || !text.startsWith('{')) return text;
      const inner = text.slice(1, -1);
      return `{${pollution.join(',')}${inner ? `,${inner}` : ''}}`;
    });

/** Bodies no JSON parser should accept, or that stress it. */
export const MALFORMED_BODIES: string[] = [
  '{',
  '{"a":}',
  '{"a":1,}',
  "{'a':1}",
  '[1,2',
  'undefined',
  'NaN',
  '{"a":1}{"b":2}',
  '\u0000',
  '\ufeff{}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  `{"a":${'1'.repeat(400)}}`,
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`,
  `${'['.repeat(200_000)}`,
  `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
  '"just a string"',
  '12345',
  'true',
  'null',
];

/** Header values (latin-1, no CR/LF: fetch refuses those before they leave). */
export const hostileHeaderValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'Bearer ',
    'Bearer',
    'Bearer null',
    'Bearer undefined',
    'Bearer a.b',
    `Bearer ${'a'.repeat(24)}.${'b'.repeat(24)}`,
    `Bearer ${'x'.repeat(8000)}`,
    'Basic YWRtaW46YWRtaW4=',
    "Bearer ' OR 1=1 --",
    'bearer  aaaaaaaaaaaaaaaaaaaaaaaa.bbbbbbbbbbbbbbbbbbbbbbbb',
  ),
  fc.string({ maxLength: 200 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
);
