// The check behind PASS: Lezer syntax checks of Python and JavaScript/TypeScript blocks; a
// PASS on code that does not parse becomes FAIL with the parser's reason, and a PASS with
// nothing checkable becomes N/A.
import { describe, expect, it } from 'vitest'
import { checkBlock, extractCodeBlocks, judgeValidation, validateCode } from '../../workers/debate'

describe('debate code check', () => {
  it('passes well-formed Python, JavaScript and TypeScript', () => {
    expect(checkBlock('python', 'def f(x):\n    return x + 1\n').ok).toBe(true)
    expect(checkBlock('javascript', 'const f = (x) => x + 1\nconsole.log(f(2))\n').ok).toBe(true)
    expect(checkBlock('typescript', 'const f = (x: number): number => x + 1\n').ok).toBe(true)
  })

  it('fails broken code with the place of the first error', () => {
    const check = checkBlock('python', 'def f(x)\n    return x +\n')
    expect(check.ok).toBe(false)
    expect(check.reason).toMatch(/^python does not parse at line \d+, column \d+/)
    expect(checkBlock('javascript', 'function (x { return }').ok).toBe(false)
  })

  it('extracts fenced blocks with their language tags', () => {
    const text = 'a\n```py\nx = 1\n```\nb\n```ts\nlet y: number = 2\n```\n```\nplain\n```'
    expect(extractCodeBlocks(text).map((b) => b.language)).toEqual(['py', 'ts', ''])
  })

  it('turns PASS on unparseable code into FAIL with the reason', () => {
    const code = validateCode(extractCodeBlocks('```python\nfor i in range(3)\n    print(i)\n```'))
    const judged = judgeValidation('PASS', code)
    expect(judged.validation).toBe('FAIL')
    expect(judged.override).toMatch(/^PASS overridden to FAIL: python does not parse/)
  })

  it('turns PASS with no checkable code into N/A', () => {
    expect(judgeValidation('PASS', validateCode([])).validation).toBe('N/A')
    const rust = validateCode(extractCodeBlocks('```rust\nfn main() {}\n```'))
    expect(judgeValidation('PASS', rust)).toMatchObject({ validation: 'N/A' })
  })

  it('leaves FAIL and N/A as the scientist said', () => {
    const broken = validateCode(extractCodeBlocks('```js\nfunction (\n```'))
    expect(judgeValidation('FAIL', broken)).toEqual({ validation: 'FAIL', override: null })
    expect(judgeValidation('N/A', broken)).toEqual({ validation: 'N/A', override: null })
  })
})
