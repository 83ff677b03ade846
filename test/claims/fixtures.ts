// Search results the claim check tests script: a trial whose second sentence states the claim,
// and a source on a neighbouring subject.
import type { WebSearchResult } from '../../workers/sources'
import { aResult } from '../answer/builders'

export const CLAIM_RESULTS: WebSearchResult[] = [
  aResult(1, {
    title: 'Vitamin D supplementation and fractures in older adults',
    url: 'https://www.nih.gov/vitamin-d-trial',
    domain: 'nih.gov',
    snippet:
      'We randomised 2,000 adults to vitamin D or placebo. Vitamin D supplementation reduced ' +
      'hip fractures in older adults by a fifth. Falls were recorded monthly.',
  }),
  aResult(2, {
    title: 'Calcium intake and bone density',
    url: 'https://www.nejm.org/calcium',
    domain: 'nejm.org',
    snippet: 'Calcium intake was measured by questionnaire. Bone density rose with intake.',
  }),
]
