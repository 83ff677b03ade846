// The SSRF guard over every way a URL can spell an address: IPv4 notations browsers accept
// (decimal, octal, hex, short forms), IPv6 with embedded IPv4 (mapped, NAT64, 6to4, Teredo),
// both as raw host strings and as the URL parser hands them over.
import { describe, expect, it } from 'vitest'
import { isBlockedHost } from '../../workers/sources'

describe('isBlockedHost on IPv4 in any notation', () => {
  it.each(['2130706433', '0x7f000001', '0x7f.0.0.1', '0177.0.0.1', '127.1', '10.0.513'])(
    'blocks %s (loopback or private however it is written)',
    (host) => {
      expect(isBlockedHost(host)).toBe(true)
    },
  )

  it.each([
    'http://2130706433/',
    'http://0x7f.1/',
    'http://0177.0.0.1/',
    'http://127.1/',
    'http://0xa9.0xfe.0xa9.0xfe/',
    'http://0/',
  ])('blocks %s after the URL parser reads it', (url) => {
    expect(isBlockedHost(new URL(url).hostname)).toBe(true)
  })

  it('blocks 4294967296, past IPv4, as a single-label name; the URL parser refuses it too', () => {
    expect(isBlockedHost('4294967296')).toBe(true)
    expect(() => new URL('http://4294967296/')).toThrow()
  })

  it.each(['1.2.3.4.5', '256.0.0.1', '1..2.3', '08.0.0.1'])(
    'reads %s as a name, not an address (the URL parser refuses it before the guard)',
    (host) => {
      expect(isBlockedHost(host)).toBe(false)
      expect(() => new URL(`http://${host}/`)).toThrow()
    },
  )
})

describe('isBlockedHost on IPv6 that carries an IPv4 address', () => {
  it.each([
    'http://[::ffff:127.0.0.1]/', // IPv4-mapped
    'http://[::ffff:0:a00:1]/', // IPv4-translated (RFC 6145)
    'http://[64:ff9b::169.254.169.254]/', // NAT64 well-known prefix
    'http://[64:ff9b:1::1]/', // NAT64 local-use prefix
    'http://[2002:c0a8:101::]/', // 6to4 of 192.168.1.1
    'http://[::10.0.0.1]/', // deprecated IPv4-compatible
    'http://[2001:0:a00:1::f7f7:f7f7]/', // Teredo through server 10.0.0.1 (client 8.8.8.8)
  ])('blocks %s', (url) => {
    expect(isBlockedHost(new URL(url).hostname)).toBe(true)
  })

  it.each([
    'http://[::ffff:8.8.8.8]/',
    'http://[64:ff9b::8.8.8.8]/',
    'http://[2002:808:808::]/',
    'http://[2001:0:4136:e378:8000:63bf:f7f7:f7f7]/', // Teredo, public server and client
  ])('lets %s through (the IPv4 inside is public)', (url) => {
    expect(isBlockedHost(new URL(url).hostname)).toBe(false)
  })

  it.each(['[1:2:3]', '[1::2::3]', '[::ffff:300.0.0.1]', '[g::1]'])(
    'blocks the malformed literal %s',
    (host) => {
      expect(isBlockedHost(host)).toBe(true)
    },
  )
})

describe('isBlockedHost', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.100.100.200',
    '0.0.0.0',
    '168.63.129.16',
    '224.0.0.1',
    '[::1]',
    '[::]',
    '[::ffff:7f00:1]',
    '[::ffff:a9fe:a9fe]',
    '[64:ff9b::a00:1]',
    '[2002:a00:1::]',
    '[fd00:ec2::254]',
    '[fe80::1]',
    '[fe80::1%eth0]',
    '[2001:db8::1]',
    'localhost',
    'LOCALHOST.',
    'api.localhost',
    'metadata.google.internal',
    'printer.local',
    'intranet',
  ])('blocks %s', (host) => {
    expect(isBlockedHost(host)).toBe(true)
  })

  it.each([
    'example.org',
    'arxiv.org',
    '8.8.8.8',
    '1.1.1.1',
    '[2606:4700:4700::1111]',
    '[::ffff:808:808]',
  ])('lets public %s through', (host) => {
    expect(isBlockedHost(host)).toBe(false)
  })
})

/** Upper, lower and mixed case, with and without the root's trailing dot(s). */
function spellings(name: string): string[] {
  const mixed = [...name].map((ch, i) => (i % 2 ? ch.toUpperCase() : ch)).join('')
  return [name, name.toUpperCase(), mixed].flatMap((n) => [n, `${n}.`, `${n}..`])
}

describe('isBlockedHost on names that mean this machine', () => {
  const names = [
    'localhost',
    'localhost4',
    'localhost6',
    'ip6-localhost',
    'ip6-loopback',
    'localhost.localdomain',
    'localhost6.localdomain6',
    'localhost.example.com',
    'api.localhost',
    'a.b.c.localhost',
    'myhost.localdomain',
    'ip6-localhost.example.org',
  ]
  const cases = names.flatMap(spellings)

  it.each(cases)('blocks %s as a raw host', (host) => {
    expect(isBlockedHost(host)).toBe(true)
  })

  it.each(cases)('blocks http://%s/ after the URL parser reads it', (host) => {
    expect(isBlockedHost(new URL(`http://${host}:8080/x`).hostname)).toBe(true)
  })

  it('blocks a percent-encoded localhost, which the URL parser decodes', () => {
    expect(isBlockedHost(new URL('http://%6cocalhost.localdomain/').hostname)).toBe(true)
  })

  it.each(['localhostel.com', 'my-localhost.org', 'loopbacks.net', 'localdomain.example.com'])(
    'lets %s through (the loopback word is part of a longer label)',
    (host) => {
      expect(isBlockedHost(host)).toBe(false)
    },
  )
})
