import { code as c, type Code } from '@specwright/core';
import type { HelperName } from './runtime-helpers.js';

/**
 * String formats: the seed's table, then formats that validators check. Each format knows its
 * plain value (what an unconstrained schema gets) and how to meet `minLength`/`maxLength` too,
 * since a validating client checks the format and the length bounds together:
 * - `length`: the lengths the plain value always has; bounds that contain them keep it;
 * - `sized`: a request-time value of a length inside the bounds (a date-time with more fraction
 *   digits, an e-mail address with its user name padded or cut), or undefined when the format
 *   has no value of such a length;
 * - `pattern`: valid values as a regular expression, for the generation-time search (and the
 *   run-time generator) of the pattern code to fit to the bounds.
 */
export interface FormatRule {
  value(): Code.Expr;
  length: { min: number; max: number };
  sized?(bounds: LengthBounds, helper: (name: HelperName) => string): Code.Expr | undefined;
  pattern?: string;
}

export interface LengthBounds {
  min: number;
  max: number;
}

const faker = (method: string, args: Code.Expr[] = []) => c.call(c.path(`faker.${method}`), args);
const recentIso = () => c.dot(faker('date.recent'), 'toISOString');
const slice = (from: number, to?: number) => c.dot(recentIso(), 'slice', to === undefined ? [c.num(from)] : [c.num(from), c.num(to)]);

/** `https://` URLs, or `urn:` names where a URI is wanted shorter than a URL can be. */
const URL_PATTERN = 'https://[a-z][a-z0-9]{0,20}\\.(com|org|net|io)(/[a-z0-9]+)*';
const HOSTNAME_PATTERN = '[a-z][a-z0-9]{0,62}(\\.[a-z][a-z0-9]{0,62})*';

const FORMATS: Record<string, FormatRule> = {
  email: { value: () => faker('internet.email'), length: { min: 6, max: 64 }, sized: emailOfLength },
  uuid: { value: () => faker('string.uuid'), length: { min: 36, max: 36 } },
  'date-time': { value: recentIso, length: { min: 24, max: 24 }, sized: (bounds) => isoOfLength(bounds, 0) },
  date: { value: () => slice(0, 10), length: { min: 10, max: 10 } },
  uri: { value: () => faker('internet.url'), length: { min: 12, max: 100 }, pattern: `${URL_PATTERN}|urn:[a-z]{1,8}:[a-z0-9]+` },
  url: { value: () => faker('internet.url'), length: { min: 12, max: 100 }, pattern: URL_PATTERN },
  // Beyond the seed's table: values that pass the format checks of validators such as zod.
  'uri-reference': { value: () => faker('internet.url'), length: { min: 12, max: 100 }, pattern: `${URL_PATTERN}|(/[a-z0-9]+)+` },
  iri: { value: () => faker('internet.url'), length: { min: 12, max: 100 }, pattern: `${URL_PATTERN}|urn:[a-z]{1,8}:[a-z0-9]+` },
  'iri-reference': { value: () => faker('internet.url'), length: { min: 12, max: 100 }, pattern: `${URL_PATTERN}|(/[a-z0-9]+)+` },
  // RFC 3339 full-time, offset included: the time part of the ISO string (`08:59:19.123Z`).
  time: { value: () => slice(11), length: { min: 13, max: 13 }, sized: (bounds) => isoOfLength(bounds, 11) },
  ipv4: { value: () => faker('internet.ipv4'), length: { min: 7, max: 15 }, pattern: '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)(\\.(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)){3}' },
  ipv6: { value: () => faker('internet.ipv6'), length: { min: 39, max: 39 }, pattern: '[0-9a-f]{1,4}(:[0-9a-f]{1,4}){7}|::([0-9a-f]{1,4}(:[0-9a-f]{1,4}){0,5})?' },
  hostname: { value: () => faker('internet.domainName'), length: { min: 4, max: 64 }, pattern: HOSTNAME_PATTERN },
  'idn-hostname': { value: () => faker('internet.domainName'), length: { min: 4, max: 64 }, pattern: HOSTNAME_PATTERN },
  'idn-email': { value: () => faker('internet.email'), length: { min: 6, max: 64 }, sized: emailOfLength },
  byte: { value: () => faker('string.alphanumeric', [c.num(8)]), length: { min: 8, max: 8 }, pattern: '([A-Za-z0-9]{4})*' },
  duration: { value: () => c.template(['PT', 'M'], [faker('number.int', [c.obj([c.prop('min', c.num(1)), c.prop('max', c.num(59))])])]), length: { min: 4, max: 5 }, pattern: 'P[1-9]\\d*D|PT[1-9]\\d*[HMS]' },
};

/** The rule of a format (case-insensitive), or undefined for a format without one. */
export function formatRule(format: string): FormatRule | undefined {
  const key = format.toLowerCase();
  return Object.hasOwn(FORMATS, key) ? FORMATS[key] : undefined;
}

/**
 * An RFC 3339 date-time (`start` 0) or full-time (`start` 11) of a length inside the bounds, cut
 * from `toISOString()` (`2024-12-31T08:59:19.123Z`, 24 characters). Its length can be anything
 * from the form without fraction (`…:19Z`) up, fraction digits added (`.1230Z`) or removed,
 * except the one length between (a `.` with no digit). A date-time also has the local forms
 * that the client accepts (`…T08:59`, `…T08:59:19`, `…T08:59:19.1`): used only when no RFC 3339
 * length fits.
 */
function isoOfLength(bounds: LengthBounds, start: 0 | 11): Code.Expr | undefined {
  const natural = 24 - start;
  const bare = natural - 4;
  const lengths = (length: number) => length === bare || length >= bare + 2;
  const local = start === 0 ? [19, 21, 16] : [];
  const length = closestLength(bounds, natural, lengths) ?? local.find((l) => l >= bounds.min && l <= bounds.max);
  if (length === undefined) return undefined;
  if (length === natural) return start === 0 ? recentIso() : slice(start);
  if (local.includes(length) && !lengths(length)) return slice(0, length);
  if (length === bare) return c.template(['', 'Z'], [slice(start, 19)]);
  if (length < natural) return c.template(['', 'Z'], [slice(start, start + length - 1)]);
  return c.template(['', `${'0'.repeat(length - natural)}Z`], [slice(start, 23)]);
}

/** An e-mail address of a length inside the bounds (at least `a@bc.io`: 6 characters). */
function emailOfLength(bounds: LengthBounds, helper: (name: HelperName) => string): Code.Expr | undefined {
  if (bounds.max < 6 || bounds.min > bounds.max) return undefined;
  return c.call(c.id(helper('mockEmail')), [c.num(bounds.min), c.num(bounds.max)]);
}

/** Of the lengths inside the bounds that `allowed` admits, the one closest to `preferred`. */
function closestLength(bounds: LengthBounds, preferred: number, allowed: (length: number) => boolean): number | undefined {
  const target = Math.min(Math.max(preferred, bounds.min), bounds.max);
  for (let distance = 0; distance <= 64; distance++) {
    for (const length of [target - distance, target + distance]) {
      if (length >= bounds.min && length <= bounds.max && allowed(length)) return length;
    }
  }
  return undefined;
}
