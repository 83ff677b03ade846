// A session's paper PDFs in R2 (PAPERS_PDF): one object per session and paper, so a page
// citation opens the PDF after a reload and on another device. Keys hash the paper id, whose
// characters (":", "/", "v2") are not ours to trust in a path.

const PREFIX = 'sessions/'

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
}

const sessionPrefix = (sessionId: string) => `${PREFIX}${encodeURIComponent(sessionId)}/papers/`

/** `sessions/<session>/papers/<sha-256 of the paper id, 32 hex>.pdf` */
export async function paperPdfKey(sessionId: string, paperId: string): Promise<string> {
  return `${sessionPrefix(sessionId)}${(await sha256Hex(paperId)).slice(0, 32)}.pdf`
}

export interface StoredPdfTarget {
  bucket: R2Bucket
  sessionId: string
  paperId: string
}

export async function putPaperPdf(target: StoredPdfTarget, bytes: Uint8Array): Promise<void> {
  await target.bucket.put(await paperPdfKey(target.sessionId, target.paperId), bytes, {
    httpMetadata: { contentType: 'application/pdf' },
    customMetadata: { paperId: target.paperId },
  })
}

/** The stored PDF's body, or null when this session keeps no copy of that paper. */
export async function getPaperPdf(target: StoredPdfTarget): Promise<R2ObjectBody | null> {
  return target.bucket.get(await paperPdfKey(target.sessionId, target.paperId))
}

/** Deletes every PDF kept for a session (listing by prefix, a page at a time); returns the count. */
export async function deleteSessionPdfs(bucket: R2Bucket, sessionId: string): Promise<number> {
  const prefix = sessionPrefix(sessionId)
  let deleted = 0
  let cursor: string | undefined
  do {
    const page = await bucket.list({ prefix, cursor })
    const keys = page.objects.map((o) => o.key)
    if (keys.length > 0) await bucket.delete(keys)
    deleted += keys.length
    cursor = page.truncated ? page.cursor : undefined
  } while (cursor)
  return deleted
}

/** Deletes one paper's kept PDF; returns 1 when there was one, else 0. */
export async function deletePaperPdf(target: StoredPdfTarget): Promise<number> {
  const key = await paperPdfKey(target.sessionId, target.paperId)
  const found = await target.bucket.head(key)
  if (found) await target.bucket.delete(key)
  return found ? 1 : 0
}
