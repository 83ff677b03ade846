// The private file an uploading tenant sends in the load run: about `chars` characters of
// common words (the words the public library's questions use, so its term statistics and
// pruning would move if a read counted it) with the tenant's marker every few dozen words.
const COMMON = (
  'the patients study cells risk treatment increased reduced effect disease results protein ' +
  'expression clinical trial associated higher lower levels analysis cancer mice gene response ' +
  'therapy data blood human model infection mortality women children bone density'
).split(' ')

export function privateUploadText(marker: string, chars: number, seed: number): string {
  const words: string[] = []
  let length = 0
  // A small linear congruential walk: the same text for the same seed, no two tenants alike.
  let state = (seed * 2_654_435_761) >>> 0
  for (let i = 0; length < chars; i++) {
    state = (state * 1_103_515_245 + 12_345) >>> 0
    const word = i % 40 === 39 ? marker : COMMON[state % COMMON.length]!
    words.push(word)
    length += word.length + 1
    if (i % 18 === 17) words.push('.\n')
  }
  return words.join(' ')
}
