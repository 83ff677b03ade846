// What a composer says about its own text: that it reached the length the server takes (and
// how much of a paste was cut to fit), or that it holds nothing but blanks. Pure, so it is
// tested in test/web/.

/** How much of a paste the field's limit leaves out (0 when it all fits). */
export function pasteOverflow(field: {
  length: number
  max: number
  selected: number
  pasted: number
}): number {
  if (field.max < 0) return 0
  const room = Math.max(0, field.max - (field.length - field.selected))
  return Math.max(0, field.pasted - room)
}

const count = (n: number) => n.toLocaleString('en-US')

/** The note under a field at its limit; null while there is room left and nothing was cut. */
export function lengthNote(state: { length: number; max: number; cut: number }): string | null {
  const { length, max, cut } = state
  if (max < 0 || (length < max && cut === 0)) return null
  const limit = `${count(length)} of ${count(max)} characters: the most a question can hold.`
  if (cut === 0) return `${limit} Anything more you type is not added.`
  const what = cut === 1 ? 'character was' : 'characters were'
  return `${limit} Your paste was cut: its last ${count(cut)} ${what} left out.`
}

/** True for text a request would carry as empty (spaces, tabs, line breaks, other blanks). */
export function isBlank(text: string): boolean {
  return text.trim() === ''
}

export const BLANK_NOTE = 'Type a question first: blank space alone is not sent.'
