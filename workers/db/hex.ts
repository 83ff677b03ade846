// Bytes <-> hex text: BLOBs cross D1 as hex (hex() out, unhex() in), which is faster to move
// through the binding than arrays of byte values.

/** Nibble value per character code ('0'-'9', 'A'-'F', 'a'-'f'); hot in cache reloads. */
const NIBBLE = new Uint8Array(128)
for (let i = 0; i < 16; i++) {
  NIBBLE['0123456789abcdef'.charCodeAt(i)] = i
  NIBBLE['0123456789ABCDEF'.charCodeAt(i)] = i
}

const HEX_PAIRS = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'))

export function hexToBytes(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length >> 1)
  for (let i = 0; i < bytes.length; i++) {
    const high = NIBBLE[hex.charCodeAt(2 * i) & 0x7f] ?? 0
    const low = NIBBLE[hex.charCodeAt(2 * i + 1) & 0x7f] ?? 0
    bytes[i] = (high << 4) | low
  }
  return bytes
}

export function bytesToHex(bytes: Uint8Array): string {
  const parts = new Array<string>(bytes.length)
  for (let i = 0; i < bytes.length; i++) parts[i] = HEX_PAIRS[bytes[i] ?? 0] ?? '00'
  return parts.join('')
}
