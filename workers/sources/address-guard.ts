// Decides whether a URL host is a literal private/loopback/link-local/metadata address (or a
// name that only resolves inside a network). Workers cannot resolve DNS before fetch, so this
// literal check is the guard; see safe-fetch.ts for why that is acceptable.

/** [first address as a 32-bit number, prefix length] of IPv4 ranges no outbound fetch may reach. */
const BLOCKED_V4: [number, number][] = [
  [0x00000000, 8], // 0.0.0.0/8 "this network"
  [0x0a000000, 8], // 10/8 private
  [0x64400000, 10], // 100.64/10 CGNAT (also Alibaba's metadata 100.100.100.200)
  [0x7f000000, 8], // 127/8 loopback
  [0xa9fe0000, 16], // 169.254/16 link-local, cloud metadata 169.254.169.254
  [0xac100000, 12], // 172.16/12 private
  [0xc0000000, 24], // 192.0.0/24 IETF protocol assignments
  [0xc0000200, 24], // 192.0.2/24 documentation
  [0xc0a80000, 16], // 192.168/16 private
  [0xc6120000, 15], // 198.18/15 benchmarking
  [0xc6336400, 24], // 198.51.100/24 documentation
  [0xcb007100, 24], // 203.0.113/24 documentation
  [0xe0000000, 4], // 224/4 multicast
  [0xf0000000, 4], // 240/4 reserved and broadcast
  [0xa83f8110, 32], // 168.63.129.16 Azure wireserver (metadata)
]

const BLOCKED_SUFFIXES = ['.localhost', '.internal', '.local', '.home.arpa', '.lan', '.intranet']

/** Parses the IPv4 forms browsers and curl accept: dotted, decimal, hex and octal parts. */
export function parseIpv4(host: string): number | null {
  const parts = host.split('.')
  if (parts.length < 1 || parts.length > 4 || parts.some((p) => p === '')) return null
  const values: number[] = []
  for (const part of parts) {
    const value = parseIpv4Part(part)
    if (value === null) return null
    values.push(value)
  }
  const last = values.pop() ?? 0
  if (values.some((v) => v > 255) || last >= 256 ** (4 - values.length)) return null
  return values.reduce((acc, v, i) => acc + v * 256 ** (3 - i), 0) + last
}

function parseIpv4Part(part: string): number | null {
  if (/^0x[0-9a-f]*$/i.test(part)) return part.length === 2 ? 0 : parseInt(part.slice(2), 16)
  if (/^0[0-7]+$/.test(part)) return parseInt(part, 8)
  if (/^(0|[1-9][0-9]*)$/.test(part)) return Number(part)
  return null
}

function isBlockedV4(address: number): boolean {
  return BLOCKED_V4.some(([base, bits]) => {
    const size = 2 ** (32 - bits)
    return address >= base && address < base + size
  })
}

/** Parses an IPv6 literal (no brackets) into eight 16-bit groups, or null. */
export function parseIpv6(input: string): number[] | null {
  let text = input.split('%')[0] ?? ''
  const tail: number[] = []
  const dotted = /^(.*:)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text)
  if (dotted) {
    const quad = (dotted[2] ?? '').split('.').map(Number)
    if (quad.some((n) => n > 255)) return null
    const [a = 0, b = 0, c = 0, d = 0] = quad
    tail.push(a * 256 + b, c * 256 + d)
    text = dotted[1] ?? ''
    if (!text.endsWith('::')) text = text.slice(0, -1)
  }
  const halves = text.split('::')
  if (halves.length > 2) return null
  const head = parseGroups(halves[0] ?? '')
  const rest = halves.length === 2 ? parseGroups(halves[1] ?? '') : []
  if (head === null || rest === null) return null
  const fill = 8 - tail.length - head.length - rest.length
  if (halves.length === 1 ? fill !== 0 : fill < 1) return null
  return [...head, ...new Array<number>(halves.length === 2 ? fill : 0).fill(0), ...rest, ...tail]
}

function parseGroups(text: string): number[] | null {
  if (text === '') return []
  const groups = text.split(':')
  if (groups.some((g) => !/^[0-9a-f]{1,4}$/i.test(g))) return null
  return groups.map((g) => parseInt(g, 16))
}

function isBlockedV6(groups: number[]): boolean {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups
  const embeddedV4 = g6 * 65536 + g7
  if (groups.every((g) => g === 0)) return true // :: unspecified
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0) {
    if (g5 === 0 && g6 === 0 && g7 === 1) return true // ::1 loopback
    if (g5 === 0xffff || g5 === 0) return isBlockedV4(embeddedV4) // mapped / compatible
  }
  if (g0 === 0x64 && g1 === 0xff9b) return isBlockedV4(embeddedV4) // NAT64
  if (g0 === 0x2002) return isBlockedV4(g1 * 65536 + g2) // 6to4
  if ((g0 & 0xfe00) === 0xfc00) return true // fc00::/7 unique local (incl. fd00:ec2::254)
  if ((g0 & 0xffc0) === 0xfe80 || (g0 & 0xffc0) === 0xfec0) return true // link/site local
  if ((g0 & 0xff00) === 0xff00) return true // multicast
  return g0 === 0x2001 && g1 === 0xdb8 // documentation
}

/**
 * True when `hostname` (as URL.hostname gives it: lower-case, IPv6 in brackets) names a
 * private, loopback, link-local, CGNAT, unspecified or metadata address, or a name that
 * only resolves inside a network (localhost, *.internal, single-label names).
 */
export function isBlockedHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.+$/, '')
  if (host.startsWith('[') && host.endsWith(']')) {
    const groups = parseIpv6(host.slice(1, -1))
    return groups === null || isBlockedV6(groups)
  }
  const v4 = parseIpv4(host)
  if (v4 !== null) return isBlockedV4(v4)
  if (host === '' || host === 'localhost' || !host.includes('.')) return true
  return BLOCKED_SUFFIXES.some((suffix) => host.endsWith(suffix))
}
