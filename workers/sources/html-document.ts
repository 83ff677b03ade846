// Reads an HTML page in one pass: readable text (script/style/nav/footer/aside and friends
// dropped, paragraphs and headings kept, <article>/<main> preferred when substantial) and
// the metadata a source card needs (title, description, og:image, published date).
// A pure function over the tokenizer (htmlparser2), so it runs the same in workerd and in Node tools.
import { tokenizeHtml, type HtmlToken } from './html-tokenizer'
import { normaliseParagraphs } from './markup-text'

export interface HtmlDocument {
  title: string
  description: string
  /** og:image / twitter:image, absolute http(s). */
  metaImage: string | null
  /** First <img> outside dropped regions with a src resolvable to absolute http(s). */
  firstImage: string | null
  /** As written by the page (normalise before storing). */
  publishedAt: string | null
  text: string
}

const SKIP_TAGS = new Set(
  'script style noscript template svg math nav footer aside form button select iframe object canvas title textarea'.split(
    ' ',
  ),
)
const SKIP_ROLES = new Set(['navigation', 'contentinfo', 'complementary', 'banner', 'search'])
const VOID_TAGS = new Set(
  'area base br col embed hr img input link meta param source track wbr'.split(' '),
)
const BLOCK_TAGS = new Set(
  'p div section article main header h1 h2 h3 h4 h5 h6 li ul ol dl dt dd blockquote pre table tr br hr figure figcaption address details summary'.split(
    ' ',
  ),
)
const MAIN_TAGS = new Set(['article', 'main'])
/** Below this many characters, <article>/<main> is probably a teaser: use the whole body. */
const MIN_MAIN_CHARS = 200

const META_KEYS = {
  title: ['og:title', 'twitter:title'],
  description: ['description', 'og:description', 'twitter:description'],
  image: ['og:image', 'og:image:url', 'og:image:secure_url', 'twitter:image', 'twitter:image:src'],
  published: [
    'article:published_time',
    'datepublished',
    'citation_publication_date',
    'citation_date',
    'dc.date.issued',
    'dc.date',
    'date',
    'pubdate',
    'publishdate',
    'og:published_time',
  ],
}

function resolveHttp(src: string | undefined, base: string): string | null {
  if (!src || src.trim().startsWith('data:')) return null
  try {
    const url = new URL(src.trim(), base)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null
  } catch {
    return null
  }
}

class DocumentCollector {
  private readonly skipStack: string[] = []
  private readonly meta = new Map<string, string>()
  private mainDepth = 0
  private all: string[] = []
  private main: string[] = []
  private titleText = ''
  private inTitle = false
  firstImage: string | null = null
  timeDatetime: string | null = null

  constructor(private base: string) {}

  handle(token: HtmlToken): void {
    if (token.kind === 'text') return this.onText(token.text)
    if (token.kind === 'end') return this.onEnd(token.name)
    this.onStart(token.name, token.attrs)
  }

  private onStart(name: string, attrs: Record<string, string>): void {
    if (name === 'title') this.inTitle = !this.titleText && this.skipStack.length === 0
    if (name === 'meta') return this.onMeta(attrs)
    if (name === 'base' && attrs.href) this.base = resolveHttp(attrs.href, this.base) ?? this.base
    const skipping = this.skipStack.length > 0
    const hidden = 'hidden' in attrs || attrs['aria-hidden'] === 'true'
    if (
      !VOID_TAGS.has(name) &&
      (SKIP_TAGS.has(name) || SKIP_ROLES.has(attrs.role ?? '') || hidden)
    ) {
      this.skipStack.push(name)
      return
    }
    if (skipping) return
    if (name === 'img' && !this.firstImage) this.onImage(attrs)
    if (name === 'time' && attrs.datetime && !this.timeDatetime) this.timeDatetime = attrs.datetime
    if (MAIN_TAGS.has(name)) this.mainDepth++
    this.onBoundary(name)
  }

  private onEnd(name: string): void {
    if (name === 'title') this.inTitle = false
    const open = this.skipStack.lastIndexOf(name)
    if (open !== -1) {
      this.skipStack.length = open
      return
    }
    if (this.skipStack.length > 0) return
    this.onBoundary(name)
    if (MAIN_TAGS.has(name)) this.mainDepth = Math.max(0, this.mainDepth - 1)
  }

  private onText(raw: string): void {
    if (this.inTitle) this.titleText += raw
    if (this.skipStack.length > 0) return
    this.append(raw)
  }

  private onBoundary(name: string): void {
    if (BLOCK_TAGS.has(name)) this.append('\n\n')
    else if (name === 'td' || name === 'th') this.append(' ')
  }

  private append(text: string): void {
    this.all.push(text)
    if (this.mainDepth > 0) this.main.push(text)
  }

  private onMeta(attrs: Record<string, string>): void {
    const key = (attrs.property ?? attrs.name ?? attrs.itemprop ?? '').toLowerCase()
    const content = attrs.content?.trim()
    if (key && content && !this.meta.has(key)) this.meta.set(key, content)
  }

  private onImage(attrs: Record<string, string>): void {
    if (attrs.width === '1' || attrs.height === '1') return // tracking pixels
    this.firstImage = resolveHttp(attrs.src ?? attrs['data-src'], this.base)
  }

  private firstMeta(keys: string[]): string | null {
    for (const key of keys) {
      const value = this.meta.get(key)
      if (value) return value.replace(/\s+/g, ' ').trim()
    }
    return null
  }

  finish(): HtmlDocument {
    const main = normaliseParagraphs(this.main.join(''))
    const text = main.length >= MIN_MAIN_CHARS ? main : normaliseParagraphs(this.all.join(''))
    const title = this.titleText.replace(/\s+/g, ' ').trim()
    const images = META_KEYS.image.map((k) => resolveHttp(this.meta.get(k), this.base))
    return {
      title: this.firstMeta(META_KEYS.title) ?? title,
      description: this.firstMeta(META_KEYS.description) ?? '',
      metaImage: images.find((i) => i !== null) ?? null,
      firstImage: this.firstImage,
      publishedAt: this.firstMeta(META_KEYS.published) ?? this.timeDatetime,
      text,
    }
  }
}

/** `pageUrl` resolves relative image URLs (a <base href> in the page takes over). */
export function parseHtmlDocument(html: string, pageUrl: string): HtmlDocument {
  const collector = new DocumentCollector(pageUrl)
  for (const token of tokenizeHtml(html)) collector.handle(token)
  return collector.finish()
}
