// What a sentence of an abstract does: states an aim, describes methods, reports a result or
// draws a conclusion. Structured abstracts say so with section labels ("RESULTS", "Aims:");
// unstructured ones are read from their wording. The offline writer prefers findings.
import { splitSentences } from './text'

export type SentenceKind = 'aim' | 'method' | 'result' | 'conclusion' | 'background'

export interface AbstractSentence {
  /** The sentence without its section label. */
  text: string
  kind: SentenceKind
  /** 0-based position in the passage. */
  position: number
}

const SECTION_KINDS: [RegExp, SentenceKind][] = [
  // First: "Methods and results", "Measurements and main results" report results.
  [
    /^(results?|findings|main results?|methods and results|measurements and main results|(methodology\/)?principal findings|recent findings|(data|evidence) synthesis|tabulation, integration,? and results)/i,
    'result',
  ],
  [/^(objectives?|aims?|purpose|goals?|hypothes[ie]s|study objectives?|areas covered)/i, 'aim'],
  [/^(background|context|introduction|importance|rationale|motivation)/i, 'background'],
  [
    /^(methods?|design|setting|participants|patients|subjects|interventions?|exposures?|measurements?|main outcomes?|outcome measures?|main measures|primary outcomes?|secondary outcomes?|data sources?|study selection|data extraction|data abstraction|data collection|eligibility criteria|study eligibility criteria|statistical analysis|quality assessment|materials?|experimental design|research design|study design|selection criteria|search (strategy|methods)|review methods|evidence acquisition)/i,
    'method',
  ],
  [
    /^(conclusions?|interpretation|significance|implications?|discussion|summary|general significance|expert opinion)/i,
    'conclusion',
  ],
]

const LABEL_WORDS =
  'BACKGROUND|CONTEXT|INTRODUCTION|IMPORTANCE|RATIONALE|MOTIVATION|OBJECTIVES?|AIMS?|' +
  // A longer label before its first word: the alternation keeps the first that matches.
  'PURPOSE OF REVIEW|PURPOSE|GOALS?|HYPOTHES[EI]S|METHODS?|METHODOLOGY|DESIGN|SETTINGS?|' +
  'PARTICIPANTS|PATIENTS|SUBJECTS|' +
  'POPULATION|INTERVENTIONS?|EXPOSURES?|MEASUREMENTS?|MEASURES?|MAIN OUTCOMES?|OUTCOMES?|' +
  'DATA SOURCES?|DATA EXTRACTION|DATA COLLECTION|ANALYSIS|STUDY SELECTION|STUDY DESIGN|' +
  'STUDY OBJECTIVES?|EXPERIMENTAL DESIGN|RESEARCH DESIGN|SELECTION CRITERIA|SEARCH STRATEGY|' +
  'SEARCH METHODS|REVIEW METHODS|EVIDENCE ACQUISITION|EVIDENCE SYNTHESIS|DATA SYNTHESIS|SYNTHESIS|' +
  'MATERIALS?|RESULTS?|MAIN RESULTS?|FINDINGS|PRINCIPAL FINDINGS|RECENT FINDINGS|CONCLUSIONS?|' +
  'RELEVANCE|INTERPRETATION|SIGNIFICANCE|GENERAL SIGNIFICANCE|STATEMENT|IMPLICATIONS?|' +
  'DISCUSSION|SUMMARY|EXPERT OPINION|AREAS COVERED|LIMITATIONS|FUNDING|' +
  'TRIAL REGISTRATION|AVAILABILITY|IMPLEMENTATION|KEY POINTS|UNLABELLED|ABSTRACT|TABULATION|' +
  'INTEGRATION|DATA ABSTRACTION|ABSTRACTION|ELIGIBILITY CRITERIA|STUDY ELIGIBILITY CRITERIA|' +
  'CRITERIA|PRIMARY OUTCOMES?|SECONDARY OUTCOMES?|SAMPLE|CASE PRESENTATION|CASE REPORT|' +
  'CASE SUMMARY|APPRAISAL|QUALITY ASSESSMENT|STATISTICAL ANALYSIS|MAIN MEASURES'

/**
 * "RESULTS ", "DESIGN, SETTING, AND PARTICIPANTS ", "CONCLUSIONS/SIGNIFICANCE ", "Aims:",
 * "Methods and results:". Capitals only: an acronym opening a sentence ("CAR T cells …") is
 * not a label unless it is one of these words.
 */
const LABEL = new RegExp(
  `^(?:(?:${LABEL_WORDS})(?:(?:,|,? AND| &| OR)? (?:${LABEL_WORDS})|\\/(?:${LABEL_WORDS}))*[:.]?\\s+|` +
    `(?:[A-Z][a-z]+(?: (?:and|of|&) [a-z]+)?):\\s+)`,
)

/** The label words chained as a whole phrase ("MAIN OUTCOME MEASURES", "DESIGN, SETTING, AND PARTICIPANTS"). */
const LABEL_PHRASE = new RegExp(
  `^(?:${LABEL_WORDS})(?:(?:,|,? AND| &| OR)? (?:${LABEL_WORDS})|\\/(?:${LABEL_WORDS}))*$`,
)

/** Up to five words opening a sentence, each with the separators before it. */
const OPENING_WORDS = /^((?:[A-Za-z]+(?:,? |\/| & )){1,6})/

/**
 * A label in sentence or Title Case with no colon ("Data abstraction Two investigators …",
 * "Main Outcome Measures The …"): a sentence's opening words that read, in capitals, as a
 * chain of label words, followed by a capitalised word or a number starting the sentence. The
 * first word is capitalised and the label is never the whole sentence; "Design of the trial
 * was …" stays whole, since a lower-case word follows "Design".
 */
function casedLabel(sentence: string): string {
  if (!/^[A-Z][a-z]/.test(sentence)) return ''
  const words = OPENING_WORDS.exec(sentence)?.[1] ?? ''
  // Longest first: "Study selection" before "Study".
  for (let end = words.length; end > 0; end--) {
    if (!/[ /]/.test(words[end - 1] ?? '')) continue
    const phrase = words.slice(0, end).replace(/[,/ &]+$/, '')
    const after = sentence.slice(phrase.length).replace(/^\s+/, '')
    if (!/^[\p{Lu}\p{N}]/u.test(after) || after.length < 2) continue
    if (LABEL_PHRASE.test(phrase.toUpperCase()))
      return sentence.slice(0, sentence.length - after.length)
  }
  return ''
}

const AIM_WORDING =
  /^(to (test|determine|evaluate|assess|investigate|examine|explore|compare|identify|characteri[sz]e|establish|quantify|describe|estimate|clarify|address)\b|the (aims?|objectives?|purpose|goals?) of\b|(this|the present|our) (study|work|trial|review|paper) (aims?|aimed|was designed|sought|investigat|examin|explor|address)|we (aimed|sought|hypothesi[sz]ed|asked|set out|wanted)\b|here,? we (ask|test|investigate|examine|explore|use|used|combine|apply|employ)\b|in (this|the present) (study|work|paper),? we (investigat|examin|explor|sought|aimed|test|ask))/i
const METHOD_WORDING =
  /^(we (enrolled|recruited|randomi[sz]ed|randomly assigned|conducted|performed|used|analy[sz]ed|measured|studied|followed|collected|searched|surveyed|genotyped|sequenced|compared|applied|developed|designed)\b|(a total of|overall,?) \d|(participants|patients|subjects|mice|rats|women|men|children|data|samples|records) were (randomly|recruited|enrolled|assigned|followed|collected|obtained|analy[sz]ed|included|selected|interviewed)|using (a|an|the|data)\b)/i
const CONCLUSION_WORDING =
  /^(in conclusion|to conclude|we conclude|taken together|together,|collectively|overall,? (these|our|the) (results|findings|data)|(these|our|the|this) (results|findings|data|observations|study|work|analysis|trial|evidence) (suggest|indicate|show|demonstrate|reveal|provide|support|identify|establish|highlight|imply|confirm))/i
const RESULT_WORDING =
  /\b(we (found|observed|show|showed|demonstrate|identified|report)|(is|are|was|were) (significantly |strongly |inversely |positively )?(associated|correlated|linked)|(significantly|substantially|markedly) (increased|decreased|reduced|improved|higher|lower|associated)|(increased|decreased|reduced|improved|lowered|raised) (the )?(risk|rate|incidence|mortality|levels?)|odds ratio|hazard ratio|relative risk|95% ?ci|confidence interval|p ?[<=]|no (significant )?(difference|association|effect)|did not (reduce|increase|improve|affect|differ|change))\b/i

function kindOfWording(text: string): SentenceKind {
  if (AIM_WORDING.test(text)) return 'aim'
  if (CONCLUSION_WORDING.test(text)) return 'conclusion'
  if (METHOD_WORDING.test(text)) return 'method'
  if (RESULT_WORDING.test(text)) return 'result'
  return 'background'
}

function sectionKind(label: string): SentenceKind | null {
  const word = label.replace(/[:.\s]+$/, '').trim()
  for (const [pattern, kind] of SECTION_KINDS) if (pattern.test(word)) return kind
  return null
}

/** An excerpt's gap mark ("… "): the evidence passage left text out before this sentence. */
const GAP = /^…\s*/

/**
 * Sentences of a passage with their section labels removed and their role in the abstract.
 * After a gap in an excerpt the section is unknown (a label may have been left out), so until
 * the next label a sentence is read from its wording; a label right after the gap still counts.
 */
export function abstractSentences(text: string): AbstractSentence[] {
  let section: SentenceKind | null = null
  return splitSentences(text).map((raw, position) => {
    const gap = GAP.exec(raw)?.[0] ?? ''
    const rest = raw.slice(gap.length)
    if (gap) section = null
    const cased = casedLabel(rest)
    const found = LABEL.exec(rest)?.[0] || cased
    const known = found ? sectionKind(found) : null
    // A label in capitals of no known role ("FUNDING", "TRIAL REGISTRATION") ends the section
    // before it; "Note:" or "Aspirin:" is kept unless it names a section.
    const label = known || /^[A-Z]{2}/.test(found) || found === cased ? found : ''
    if (label) section = known
    const sentence = label ? rest.slice(label.length).trim() : rest
    // Wording that states an aim or a conclusion outranks the section it sits in.
    const worded = kindOfWording(sentence)
    const kind = worded === 'aim' || worded === 'conclusion' ? worded : (section ?? worded)
    return { text: gap + sentence, kind, position }
  })
}
