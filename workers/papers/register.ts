// Registers paper chat ('papers-chat') and the Paper Brain agent ('papers-brain') as SessionDO
// run kinds, and the paper_pdf ingest job's runner, when this folder is loaded.
import { registerJobRunner } from '../ingest'
import { registerRunner } from '../session'
import { runPaperBrain } from './brain'
import { runPaperChat } from './chat'
import { paperPdfRunner } from './load-job'
import { chatInputSchema } from './schemas'

registerRunner('papers-chat', runPaperChat, chatInputSchema)
registerRunner('papers-brain', runPaperBrain, chatInputSchema)
registerJobRunner('paper_pdf', paperPdfRunner)
