// Hostile text for the fuzz tests: long unbroken runs, repetition, multi-byte and regex-hostile
// text, each sized in UTF-8 bytes so a JSON body lands just under the body cap.

export const BODY_CAP_BYTES = 1_048_576
/** Room left in the body for the JSON around the text. */
const ENVELOPE_ROOM = 2_048

const bytesOf = (text: string) => new TextEncoder().encode(text).byteLength

/** `unit` repeated until the text is about `bytes` UTF-8 bytes long (never over). */
export function fill(unit: string, bytes: number): string {
  return unit.repeat(Math.max(1, Math.floor(bytes / bytesOf(unit))))
}

/** `unit` repeated up to `chars` UTF-16 units: long, yet inside the routes' length limits. */
export function fillChars(unit: string, chars: number): string {
  return unit.repeat(Math.max(1, Math.floor(chars / unit.length)))
}

export interface HostileText {
  name: string
  text: string
}

/** Each shape at the largest size a body carries, and at a size the routes' length checks pass. */
export function hostileTexts(): HostileText[] {
  const max = BODY_CAP_BYTES - ENVELOPE_ROOM
  const shapes: [string, string][] = [
    ['one unbroken word', 'a'],
    ['repeated words', 'the cell cycle '],
    ['CJK without spaces', '細胞周期研究'],
    ['emoji and joiners', '👩‍🔬🧬é'],
    ['regex-hostile punctuation', '((a+)+[[**\\'],
    ['markdown and citation brackets', '[1]](# ``` |'],
  ]
  return shapes.flatMap(([name, unit]) => [
    { name: `${name}, ${max} bytes`, text: fill(unit, max) },
    { name: `${name}, 3900 characters`, text: fillChars(unit, 3_900) },
  ])
}
