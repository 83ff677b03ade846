// An APA entry's Markdown as a view shows it: citeproc's italic title becomes <i>, never
// asterisks; everything else is escaped text, so a title cannot inject markup.
import { describe, expect, it } from 'vitest'
import { apaInlineHtml } from '../../workers/grounding'

describe('apaInlineHtml', () => {
  it.each([
    [
      '*The benefits of statins in older adults*. (n.d.).',
      '<i>The benefits of statins in older adults</i>. (n.d.).',
    ],
    [
      'Smith, J. (2020). Trials. *Journal of Bones*, *12*(3), 4–5.',
      'Smith, J. (2020). Trials. <i>Journal of Bones</i>, <i>12</i>(3), 4–5.',
    ],
    ['**Bold** claim. (2001).', '<b>Bold</b> claim. (2001).'],
    [
      'Plain entry. (2003). https://example.org/a?b=1&c=2',
      'Plain entry. (2003). https://example.org/a?b=1&amp;c=2',
    ],
    ['5 * 3 is a product. (n.d.).', '5 * 3 is a product. (n.d.).'],
    [
      '*<script>alert(1)</script>*. (n.d.).',
      '<i>&lt;script&gt;alert(1)&lt;/script&gt;</i>. (n.d.).',
    ],
  ])('renders %j as %j', (apa, html) => {
    expect(apaInlineHtml(apa)).toBe(html)
  })

  it('leaves no emphasis asterisk in what it renders', () => {
    const html = apaInlineHtml('*A* and *B*, *C*. (n.d.).')
    expect(html).toBe('<i>A</i> and <i>B</i>, <i>C</i>. (n.d.).')
  })
})
