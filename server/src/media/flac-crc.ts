/**
 * The two checksums of a FLAC frame (non-reflected, initial value 0, no final XOR): CRC-8
 * (x^8 + x^2 + x + 1) closes the frame header, CRC-16 (x^16 + x^15 + x^2 + 1) the whole frame.
 * Run over bytes that end with their own CRC, either comes out 0.
 */

function table(bits: 8 | 16, polynomial: number): Uint16Array {
  const top = 1 << (bits - 1);
  const mask = (1 << bits) - 1;
  const entries = new Uint16Array(256);
  for (let byte = 0; byte < 256; byte += 1) {
    let crc = byte << (bits - 8);
    for (let bit = 0; bit < 8; bit += 1)
      crc = crc & top ? ((crc << 1) ^ polynomial) & mask : (crc << 1) & mask;
    entries[byte] = crc;
  }
  return entries;
}

const CRC8 = table(8, 0x07);
const CRC16 = table(16, 0x8005);

export function crc8(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let crc = 0;
  for (let i = start; i < end; i += 1) crc = CRC8[crc ^ bytes[i]!]!;
  return crc;
}

/** Carries a CRC-16 one byte further. */
export function crc16Step(crc: number, byte: number): number {
  return ((crc << 8) & 0xffff) ^ CRC16[(crc >> 8) ^ byte]!;
}
