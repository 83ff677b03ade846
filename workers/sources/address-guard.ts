// Decides whether a URL host is a literal private/loopback/link-local/metadata address (or a
// name that only resolves inside a network). Workers cannot resolve DNS before fetch, so this
// literal check is the guard; see safe-fetch.ts for why that is acceptable. Parsing and the
// special-purpose range tables are ipaddr.js's (every IPv4 notation browsers accept, IPv6 with
// zones and embedded IPv4); this file only says which of its ranges a fetch may reach.
import ipaddr from 'ipaddr.js'

/** Outside ipaddr.js's special ranges, but a cloud's metadata endpoint all the same. */
const METADATA_V4 = [ipaddr.IPv4.parseCIDR('168.63.129.16/32')] // Azure wireserver

/** Last labels that only resolve inside a network or on this machine (RFC 6761, 6762, 8375). */
const LOCAL_ONLY_TLDS = new Set([
  'localhost',
  'localdomain',
  'localdomain6',
  'internal',
  'local',
  'lan',
  'intranet',
])
const LOCAL_ONLY_SUFFIXES = ['.home.arpa']

/**
 * Labels that name this machine wherever they stand (`localhost`, `localhost6`,
 * `ip6-localhost`, `ip6-loopback`, as /etc/hosts spells them): a name carrying one is refused
 * however it continues, since a resolver (or a hostile zone) may map it to the loopback.
 */
const LOOPBACK_LABEL = /^(?:localhost[46]?|ip6-localhost|ip6-loopback|loopback)$/

/** A name that means this machine or a local network, by its labels. */
function isLocalName(host: string): boolean {
  const labels = host.split('.')
  if (labels.some((label) => LOOPBACK_LABEL.test(label))) return true
  if (LOCAL_ONLY_TLDS.has(labels.at(-1) ?? '')) return true
  return LOCAL_ONLY_SUFFIXES.some((suffix) => host.endsWith(suffix))
}

/** Public unicast only: every special-purpose range (private, CGNAT, reserved…) is refused. */
function isBlockedV4(address: ipaddr.IPv4): boolean {
  if (address.range() !== 'unicast') return true
  return METADATA_V4.some((cidr) => address.match(cidr))
}

/** The IPv4 address held in 16-bit groups `high` and `high + 1`. */
function embeddedV4(address: ipaddr.IPv6, high: number): ipaddr.IPv4 {
  const bytes = address.toByteArray().slice(high * 2, high * 2 + 4)
  return new ipaddr.IPv4(bytes)
}

/** Teredo (RFC 4380): the server's IPv4 in groups 2-3, the client's inverted in groups 6-7. */
function teredoV4s(address: ipaddr.IPv6): ipaddr.IPv4[] {
  const client = embeddedV4(address, 6).octets.map((octet) => octet ^ 0xff)
  return [embeddedV4(address, 2), new ipaddr.IPv4(client)]
}

function isBlockedV6(address: ipaddr.IPv6): boolean {
  const range = address.range()
  const parts = address.parts
  // IPv4-mapped, IPv4-translated, NAT64's well-known prefix and the deprecated IPv4-compatible
  // ::a.b.c.d all reach the IPv4 address in their last 32 bits.
  if (range === 'ipv4Mapped' || range === 'rfc6145') return isBlockedV4(embeddedV4(address, 6))
  if (range === 'rfc6052') {
    // 64:ff9b::/96 translates to the embedded address; 64:ff9b:1::/48 is for local use.
    return parts[2] !== 0 || isBlockedV4(embeddedV4(address, 6))
  }
  if (range === '6to4') return isBlockedV4(embeddedV4(address, 1))
  if (range === 'teredo') return teredoV4s(address).some(isBlockedV4)
  if (range === 'unicast' && parts.slice(0, 6).every((part) => part === 0)) {
    return isBlockedV4(embeddedV4(address, 6))
  }
  return range !== 'unicast'
}

/**
 * True when `hostname` (as URL.hostname gives it: lower-case, IPv6 in brackets) names a
 * private, loopback, link-local, CGNAT, unspecified, reserved or metadata address, or a name
 * that means this machine or only resolves inside a network (any `localhost` label,
 * `localhost.localdomain`, `ip6-loopback`, *.internal, single-label names).
 */
export function isBlockedHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.+$/, '')
  if (host.startsWith('[') && host.endsWith(']')) {
    const literal = host.slice(1, -1)
    return !ipaddr.IPv6.isValid(literal) || isBlockedV6(ipaddr.IPv6.parse(literal))
  }
  if (ipaddr.IPv4.isValid(host)) return isBlockedV4(ipaddr.IPv4.parse(host))
  if (host === '' || !host.includes('.')) return true
  return isLocalName(host)
}
