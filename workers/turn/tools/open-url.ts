// open_url: reads one web page through the guarded fetch (http(s) only, no private addresses,
// size and time caps are the guard's job) and returns its readable text as a document.
import { z } from 'zod'
import { documentsJson } from '../../context'
import { ValidationError } from '../../errors'
import { fetchReadablePage } from '../../sources'
import { sourcesOf, type TurnTool } from './types'

const argsSchema = z.object({
  url: z
    .string()
    .trim()
    .url()
    .refine((url) => /^https?:\/\//i.test(url), 'only http(s) URLs can be opened'),
})

/** About 6,000 tokens of page text: enough to read, small enough to leave room for more. */
const MAX_PAGE_CHARS = 24_000

export const openUrlTool: TurnTool = {
  spec: {
    name: 'open_url',
    description: 'Fetch a web page by URL and return its readable text.',
    parameters: z.toJSONSchema(argsSchema),
  },
  guidance:
    'read the full text of a page, usually one found by a search. Only http(s) URLs you were ' +
    'given or found can be opened.',
  returnsDocuments: true,
  async run(args, { deps, signal, numbering }) {
    const parsed = argsSchema.safeParse(args)
    if (!parsed.success) throw new ValidationError('open_url needs {"url": "https://..."}')
    const page = await fetchReadablePage(deps.safeFetch, parsed.data.url, signal)
    const contents = page.text.slice(0, MAX_PAGE_CHARS)
    const domain = new URL(page.url).hostname.replace(/^www\./, '')
    const documents = numbering.assign([
      {
        title: page.title || page.url,
        url: page.url,
        metadata: domain,
        contents,
        source: {
          title: page.title || page.url,
          url: page.url,
          domain,
          snippet: contents.slice(0, 240),
          image: page.image,
        },
      },
    ])
    return {
      content: documentsJson(documents),
      summary: `Read ${page.url} (${contents.length} characters)`,
      documents,
      sources: sourcesOf(documents, numbering),
    }
  },
}
