// What postings entries add to (or take from) their namespaces' counts (db/namespace-terms.ts):
// chunks per (namespace, stem), chunks and tokens per namespace, and the offsets each namespace
// holds per block. Read off the entries the builder appends or purges, so the counts move with
// the postings themselves and a stem is never tokenised twice.
import {
  POSTINGS_BLOCK,
  type BlockBytes,
  type NamespaceCounts,
  type NamespaceMembers,
} from '../../db'

/** Offsets (uint16 LE) of the 4-byte entries of a postings or lengths blob. */
function* entries(bytes: Uint8Array): Generator<{ offset: number; at: number }> {
  for (let i = 0; i + 3 < bytes.length; i += 4)
    yield { offset: (bytes[i] ?? 0) | ((bytes[i + 1] ?? 0) << 8), at: i }
}

function toBytes(offsets: readonly number[]): Uint8Array {
  const out = new Uint8Array(offsets.length * 2)
  offsets.forEach((offset, i) => {
    out[2 * i] = offset & 0xff
    out[2 * i + 1] = offset >> 8
  })
  return out
}

/**
 * The counts of `postings` and `lengths` entries, each chunk in the namespace `namespaceOf`
 * names (by chunk id); with the offsets per namespace and block (from the lengths, in order).
 */
export function namespaceCountsOf(
  postings: readonly (BlockBytes & { stem: string })[],
  lengths: readonly BlockBytes[],
  namespaceOf: (id: number) => string,
): NamespaceCounts & { members: NamespaceMembers[] } {
  const terms = new Map<string, [string, string, number]>()
  for (const p of postings)
    for (const { offset } of entries(p.bytes)) {
      const namespace = namespaceOf(p.block * POSTINGS_BLOCK + offset)
      const key = `${namespace}\u0000${p.stem}`
      const row = terms.get(key)
      if (row) row[2] += 1
      else terms.set(key, [namespace, p.stem, 1])
    }
  const totals = new Map<string, [string, number, number]>()
  const members = new Map<string, { namespace: string; block: number; offsets: number[] }>()
  for (const l of lengths)
    for (const { offset, at } of entries(l.bytes)) {
      const namespace = namespaceOf(l.block * POSTINGS_BLOCK + offset)
      const tokens = (l.bytes[at + 2] ?? 0) | ((l.bytes[at + 3] ?? 0) << 8)
      const total = totals.get(namespace) ?? [namespace, 0, 0]
      total[1] += 1
      total[2] += tokens
      totals.set(namespace, total)
      const key = `${namespace}\u0000${l.block}`
      const member = members.get(key) ?? { namespace, block: l.block, offsets: [] }
      member.offsets.push(offset)
      members.set(key, member)
    }
  return {
    terms: [...terms.values()],
    totals: [...totals.values()],
    members: [...members.values()].map((m) => ({ ...m, bytes: toBytes(m.offsets) })),
  }
}

/** A namespace's member offsets without those in `purged`. */
export function membersWithout(members: NamespaceMembers, purged: ReadonlySet<number>) {
  const kept: number[] = []
  for (let i = 0; i + 1 < members.bytes.length; i += 2) {
    const offset = (members.bytes[i] ?? 0) | ((members.bytes[i + 1] ?? 0) << 8)
    if (!purged.has(offset)) kept.push(offset)
  }
  return { ...members, bytes: toBytes(kept) }
}
