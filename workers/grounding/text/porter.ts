// Porter stems as SQLite's FTS5 `porter` tokenizer stores them, so offline embeddings, lexical
// reranking and document frequencies share FTS5's terms. The `stemmer` package does the
// stemming; this file makes it see a token the way SQLite does: as UTF-8 bytes.
import { LRUCache } from 'lru-cache'
import { stemmer } from 'stemmer'

/** Private-use code points stand in for non-ASCII bytes: caseless, and never a vowel. */
const BYTE_BASE = 0xe000
const encoder = new TextEncoder()
const decoder = new TextDecoder()

const isAscii = (token: string) => !/[^\p{ASCII}]/u.test(token)

/** One UTF-16 unit per UTF-8 byte, so suffix rules and measures count what SQLite counts. */
function toByteString(bytes: Uint8Array): string {
  let out = ''
  for (const b of bytes) out += String.fromCharCode(b < 0x80 ? b : BYTE_BASE + b)
  return out
}

function fromByteString(text: string): string {
  const bytes = Uint8Array.from(text, (c) => {
    const code = c.charCodeAt(0)
    return code >= BYTE_BASE ? code - BYTE_BASE : code
  })
  return decoder.decode(bytes)
}

/**
 * Stems one lower-case token as FTS5 does. Two SQLite rules `stemmer` lacks: tokens under 3 or
 * over 64 UTF-8 bytes pass through, and each byte of a non-ASCII character is a consonant
 * ("straße" -> "straß": SQLite sees "a" followed by two consonant bytes, not by one letter).
 * test/retrieval/porter-fts5.test.ts checks a word list against FTS5 itself.
 */
export function porterStem(token: string): string {
  let stem = memo.get(token)
  if (stem === undefined) {
    stem = stemUncached(token)
    memo.set(token, stem)
  }
  return stem
}

// Ranking a recall pool and reranking stem the same words again and again, so each word is
// stemmed once per isolate (bounded: the least recently used words leave first).
const memo = new LRUCache<string, string>({ max: 50_000 })

function stemUncached(token: string): string {
  if (isAscii(token)) return token.length < 3 || token.length > 64 ? token : stemmer(token)
  const bytes = encoder.encode(token)
  if (bytes.length < 3 || bytes.length > 64) return token
  return fromByteString(stemmer(toByteString(bytes)))
}
