import { describe, expect, test } from 'vitest';
import { isForbiddenAddress } from '../../src/services/yandex-music/outside-address';

// prettier-ignore
const INTERNAL = [
  '0.0.0.0', '0.1.2.3', '10.0.0.1', '10.255.255.255', '100.64.0.1', '100.127.255.254',
  '169.254.169.254', '172.16.0.1', '172.31.255.255', '192.168.1.1', '::', 'fc00::1',
  'fdff:ffff::1', 'fe80::1', 'febf::1', '::ffff:10.0.0.1', '::ffff:a9fe:a9fe', '[fe80::1]',
  'not an address',
];
const LOOPBACK = ['127.0.0.1', '127.255.0.9', '::1', '[::1]', '::ffff:127.0.0.1', '::ffff:7f00:1'];
// prettier-ignore
const PUBLIC = [
  '8.8.8.8', '93.158.134.3', '100.63.255.255', '100.128.0.1', '172.15.255.255', '172.32.0.1',
  '192.169.0.1', '169.253.0.1', '2a02:6b8::2:242', '::ffff:93.158.134.3',
];

describe('addresses a download may not connect to', () => {
  test.for(INTERNAL)('%s is refused, loopback allowed or not', (address) => {
    expect(isForbiddenAddress(address, false)).toBe(true);
    expect(isForbiddenAddress(address, true)).toBe(true);
  });

  test.for(LOOPBACK)('%s is refused unless loopback downloads are allowed', (address) => {
    expect(isForbiddenAddress(address, false)).toBe(true);
    expect(isForbiddenAddress(address, true)).toBe(false);
  });

  test.for(PUBLIC)('%s is allowed', (address) => {
    expect(isForbiddenAddress(address, false)).toBe(false);
  });
});
