// Links to PDFs the server keeps for this session (uploaded or loaded papers): they point at
// the API path, which needs the session's bearer token, so pdf-opener.ts handles their clicks.
// Pure (no DOM), tested in test/web/.

const STORED_PDF = /^\/api\/papers\/[^/]+\/pdf\/([^/#?]+)(?:#page=(\d+))?$/

/** The paper id and page a kept-PDF link names, or null for any other link. */
export function storedPdfTarget(href: string): { paperId: string; page: number } | null {
  const match = STORED_PDF.exec(href)
  if (!match?.[1]) return null
  return { paperId: decodeURIComponent(match[1]), page: Number(match[2] ?? 1) }
}

/** The API path of a kept PDF (the link's href; opening it needs the click handler). */
export function storedPdfPath(sessionId: string, paperId: string): string {
  return `/api/papers/${encodeURIComponent(sessionId)}/pdf/${encodeURIComponent(paperId)}`
}
