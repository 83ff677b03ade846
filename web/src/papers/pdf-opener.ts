// PDFs the server keeps for this session are behind the session's bearer token, so a plain
// link cannot open them: a click on a kept-PDF link fetches the PDF with the token and opens an
// object URL at the page (#page=N). Works after a reload, since the copy lives on the server.
import { storedPdfTarget } from './pdf-links'

export interface PdfOpener {
  /** Seeds the cache with a copy this tab already has (a PDF it just uploaded). */
  remember(paperId: string, blob: Blob): void
  /** Handles clicks on kept-PDF links inside `root` until `signal` aborts; others pass. */
  attach(root: HTMLElement, signal: AbortSignal): void
  dispose(): void
}

/** `fetchPdf` fetches a kept PDF with the session's token. */
export function createPdfOpener(fetchPdf: (paperId: string) => Promise<Blob>): PdfOpener {
  const urls = new Map<string, string>()
  const urlOf = async (paperId: string) => {
    const known = urls.get(paperId)
    if (known) return known
    const url = URL.createObjectURL(await fetchPdf(paperId))
    urls.set(paperId, url)
    return url
  }
  const open = (paperId: string, page: number) => {
    // Opened now, inside the click, so pop-up blockers allow it; filled once the PDF arrives.
    const tab = window.open('', '_blank')
    urlOf(paperId)
      .then((url) => {
        const target = `${url}#page=${page}`
        if (tab) tab.location.href = target
        else window.open(target, '_blank')
      })
      .catch((error: unknown) => {
        tab?.close()
        window.alert(`The PDF could not be opened: ${error instanceof Error ? error.message : ''}`)
      })
  }
  return {
    remember(paperId, blob) {
      if (!urls.has(paperId)) urls.set(paperId, URL.createObjectURL(blob))
    },
    attach(root, signal) {
      const onClick = (event: MouseEvent) => {
        const link = (event.target as Element | null)?.closest?.('a[href]')
        const target = link && storedPdfTarget(link.getAttribute('href') ?? '')
        if (!target || event.defaultPrevented) return
        event.preventDefault()
        open(target.paperId, target.page)
      }
      root.addEventListener('click', onClick, { signal })
    },
    dispose() {
      for (const url of urls.values()) URL.revokeObjectURL(url)
      urls.clear()
    },
  }
}
