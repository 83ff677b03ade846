// Links to a session's kept PDFs (web/src/papers/pdf-links.ts): the view builds them from the
// session and paper ids, and the click handler recognises only them, with the page they name.
import { describe, expect, it } from 'vitest'
import { atPage } from '../../web/src/papers/citations'
import { storedPdfPath, storedPdfTarget } from '../../web/src/papers/pdf-links'

describe('kept-PDF links', () => {
  it('round-trips a paper id with reserved characters and the page', () => {
    const href = atPage(storedPdfPath('3f2c-session', 'upload:ab12/cd'), 7)
    expect(href).toBe('/api/papers/3f2c-session/pdf/upload%3Aab12%2Fcd#page=7')
    expect(storedPdfTarget(href)).toEqual({ paperId: 'upload:ab12/cd', page: 7 })
  })

  it('opens at page 1 when the link names no page', () => {
    expect(storedPdfTarget(storedPdfPath('s', 'arxiv:2501.10120'))).toEqual({
      paperId: 'arxiv:2501.10120',
      page: 1,
    })
  })

  it('leaves public PDF links and other API paths to the browser', () => {
    expect(storedPdfTarget('https://arxiv.org/pdf/2501.10120#page=3')).toBeNull()
    expect(storedPdfTarget('/api/papers/s/log')).toBeNull()
  })
})
