import { describe, expect, it } from 'vitest';
import { fingerprint, outcomeFingerprint } from '../../src/realtime/change-detection';

describe('fingerprint', () => {
  it('is equal for equal values whatever the order of their keys', () => {
    expect(fingerprint({ a: 1, b: { c: [1, 2], d: null } })).toBe(
      fingerprint({ b: { d: null, c: [1, 2] }, a: 1 }),
    );
  });

  it('differs when a value, an array order or a nested field differs', () => {
    expect(fingerprint({ a: 1 })).not.toBe(fingerprint({ a: 2 }));
    expect(fingerprint([1, 2])).not.toBe(fingerprint([2, 1]));
    expect(fingerprint({ a: { b: 1 } })).not.toBe(fingerprint({ a: { b: 1, c: 1 } }));
  });

  it('reads dates as their JSON text and tells undefined from null', () => {
    expect(fingerprint({ at: new Date(0) })).toBe(fingerprint({ at: '1970-01-01T00:00:00.000Z' }));
    expect(fingerprint(undefined)).not.toBe(fingerprint(null));
  });
});

describe('outcomeFingerprint', () => {
  it('tells a value from an error with the same fields', () => {
    const error = { errorMessage: 'm', errorData: { code: 'c', key: 'k' } };
    expect(outcomeFingerprint({ value: error })).not.toBe(outcomeFingerprint(error));
  });
});
