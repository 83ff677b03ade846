import { describe, expect, it } from 'vitest'
import { isBlockedHost } from '../../workers/sources'
import { parseIpv4, parseIpv6 } from '../../workers/sources/address-guard'

describe('parseIpv4', () => {
  it.each([
    ['127.0.0.1', 0x7f000001],
    ['2130706433', 0x7f000001],
    ['0x7f000001', 0x7f000001],
    ['0x7f.0.0.1', 0x7f000001],
    ['0177.0.0.1', 0x7f000001],
    ['127.1', 0x7f000001],
    ['10.0.513', 0x0a000201],
  ])('reads %s in any notation browsers accept', (text, value) => {
    expect(parseIpv4(text)).toBe(value)
  })

  it.each(['example.org', '1.2.3.4.5', '256.0.0.1', '1..2.3', '08.0.0.1', '4294967296'])(
    'rejects %s as an IPv4 address',
    (text) => {
      expect(parseIpv4(text)).toBeNull()
    },
  )
})

describe('parseIpv6', () => {
  it('expands :: and embedded IPv4', () => {
    expect(parseIpv6('::1')).toEqual([0, 0, 0, 0, 0, 0, 0, 1])
    expect(parseIpv6('::ffff:127.0.0.1')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x7f00, 1])
    expect(parseIpv6('fe80::1%eth0')).toEqual([0xfe80, 0, 0, 0, 0, 0, 0, 1])
  })

  it('rejects malformed literals', () => {
    expect(parseIpv6('1:2:3')).toBeNull()
    expect(parseIpv6('1::2::3')).toBeNull()
    expect(parseIpv6('::ffff:300.0.0.1')).toBeNull()
    expect(parseIpv6('g::1')).toBeNull()
  })
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
