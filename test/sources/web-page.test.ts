import { describe, expect, it } from 'vitest'
import { ProviderError, ValidationError } from '../../workers/errors'
import { createSafeFetch, fetchReadablePage, findPageImage } from '../../workers/sources'
import { hangingFetch, scriptedFetch, testConfig, textResponse } from './helpers'

const ARTICLE_PAGE = `<!DOCTYPE html>
<html lang="en"><head>
  <meta charset="utf-8">
  <title>Coral bleaching &amp; heat | Ocean News</title>
  <meta property="og:title" content="Coral bleaching and marine heatwaves">
  <meta name="description" content="Why reefs bleach when   water warms.">
  <meta property="og:image" content="/images/reef.jpg">
  <meta property="article:published_time" content="2024-03-05T08:00:00Z">
  <style>body { color: red } p::after { content: "</p>" }</style>
  <script>var html = "<p>not text</p>"; if (a < b && c > d) {}</script>
</head><body>
  <nav><a href="/">Home</a> <a href="/news">News</a></nav>
  <header role="banner"><p>Ocean News — subscribe!</p></header>
  <!-- <p>commented out</p> -->
  <article>
    <h1>Coral bleaching and marine heatwaves</h1>
    <p>When sea temperatures stay 1&nbsp;°C above the summer maximum for weeks, corals expel
       the algae living in their tissues &#8212; and turn white.</p>
    <div hidden><p>Hidden promo</p></div>
    <h2>What recovery looks like</h2>
    <p>Reefs can recover within a decade if heatwaves do not return; repeated events leave too
       little time for regrowth. Researchers from the <b>Great&nbsp;Barrier Reef</b> monitoring
       programme call this the &ldquo;recovery window&rdquo;.</p>
    <aside><p>Related: sharks</p></aside>
  </article>
  <footer><p>© Ocean News</p></footer>
</body></html>`

function pageFetch(...replies: Parameters<typeof scriptedFetch>) {
  const scripted = scriptedFetch(...replies)
  return {
    safeFetch: createSafeFetch(testConfig(), { fetchImpl: scripted.fetchImpl }),
    ...scripted,
  }
}

const html = (body: string, status = 200) => textResponse(body, 'text/html; charset=utf-8', status)

describe('fetchReadablePage', () => {
  it('keeps headings and paragraphs, drops chrome, scripts and hidden parts, decodes entities', async () => {
    const { safeFetch } = pageFetch(html(ARTICLE_PAGE))
    const page = await fetchReadablePage(safeFetch, 'https://news.example.org/reefs')
    expect(page.text.split('\n\n')).toEqual([
      'Coral bleaching and marine heatwaves',
      'When sea temperatures stay 1 °C above the summer maximum for weeks, corals expel the algae living in their tissues — and turn white.',
      'What recovery looks like',
      'Reefs can recover within a decade if heatwaves do not return; repeated events leave too little time for regrowth. Researchers from the Great Barrier Reef monitoring programme call this the “recovery window”.',
    ])
  })

  it('returns the card metadata with absolute image URL and ISO date', async () => {
    const { safeFetch } = pageFetch(html(ARTICLE_PAGE))
    const page = await fetchReadablePage(safeFetch, 'https://news.example.org/reefs')
    expect(page).toMatchObject({
      url: 'https://news.example.org/reefs',
      title: 'Coral bleaching and marine heatwaves',
      description: 'Why reefs bleach when water warms.',
      image: 'https://news.example.org/images/reef.jpg',
      publishedAt: '2024-03-05T08:00:00.000Z',
    })
  })

  it('uses the whole body when there is no substantial article, and <title> when no og:title', async () => {
    const body = '<title>Notes</title><body><div>First line<br>second line</div><p>Third</p></body>'
    const { safeFetch } = pageFetch(html(body))
    const page = await fetchReadablePage(safeFetch, 'https://example.org/notes')
    expect(page.title).toBe('Notes')
    expect(page.text).toBe('First line\n\nsecond line\n\nThird')
    expect(page.image).toBeNull()
  })

  it('survives broken markup', async () => {
    const body = '<p>a < b and c<d</p><p class="x>y">tail <b>bold</p><div attr=\'unterminated'
    const { safeFetch } = pageFetch(html(body))
    const page = await fetchReadablePage(safeFetch, 'https://example.org/broken')
    expect(page.text).toContain('a < b and c')
    expect(page.text).toContain('tail bold')
  })

  it('returns plain text documents as they are', async () => {
    const { safeFetch } = pageFetch(textResponse('Line one\r\nLine two\n', 'text/plain'))
    const page = await fetchReadablePage(safeFetch, 'https://example.org/readme.txt')
    expect(page).toMatchObject({ title: 'example.org', text: 'Line one\nLine two' })
  })

  it('refuses a response that is not a web page', async () => {
    const { safeFetch } = pageFetch(textResponse('%PDF-1.4', 'application/pdf'))
    await expect(fetchReadablePage(safeFetch, 'https://example.org/x')).rejects.toBeInstanceOf(
      ValidationError,
    )
  })

  it('reports an error status as ProviderError("fetch")', async () => {
    const { safeFetch } = pageFetch(html('<h1>Not found</h1>', 404))
    await expect(fetchReadablePage(safeFetch, 'https://example.org/x')).rejects.toBeInstanceOf(
      ProviderError,
    )
  })
})

describe('findPageImage', () => {
  const find = (body: string, url = 'https://example.org/dir/page') =>
    findPageImage(pageFetch(html(body)).safeFetch, url)

  it('prefers og:image, resolved against the page', async () => {
    const body = '<meta property="og:image" content="../img/card.png"><img src="/first.jpg">'
    expect(await find(body)).toBe('https://example.org/img/card.png')
  })

  it('falls back to twitter:image', async () => {
    expect(await find('<meta name="twitter:image" content="https://cdn.example.org/t.jpg">')).toBe(
      'https://cdn.example.org/t.jpg',
    )
  })

  it('falls back to the first <img> with a resolvable http(s) src, skipping data URIs and pixels', async () => {
    const body = `<nav><img src="/logo.svg"></nav>
      <img src="data:image/png;base64,AAAA"><img src="/pixel.gif" width="1" height="1">
      <img src="photos/reef.jpg" alt="reef"><img src="https://other.example/second.jpg">`
    expect(await find(body)).toBe('https://example.org/dir/photos/reef.jpg')
  })

  it('honours <base href> when resolving', async () => {
    const body = '<base href="https://static.example.net/a/"><img src="b.png">'
    expect(await find(body)).toBe('https://static.example.net/a/b.png')
  })

  it('returns null when the page has no image', async () => {
    expect(await find('<p>No pictures here</p>')).toBeNull()
  })

  it('returns null instead of throwing on a timeout', async () => {
    const safeFetch = createSafeFetch(testConfig(), { fetchImpl: hangingFetch })
    expect(
      await findPageImage(safeFetch, 'https://slow.example.org/', { timeoutMs: 20 }),
    ).toBeNull()
  })

  it('returns null for refused URLs, error statuses and non-HTML answers', async () => {
    expect(
      await find('<meta property="og:image" content="/x.png">', 'http://127.0.0.1/'),
    ).toBeNull()
    const { safeFetch } = pageFetch(html('<meta property="og:image" content="/x.png">', 500))
    expect(await findPageImage(safeFetch, 'https://example.org/')).toBeNull()
    const json = pageFetch(textResponse('{"image":"x"}', 'application/json'))
    expect(await findPageImage(json.safeFetch, 'https://example.org/')).toBeNull()
  })
})
