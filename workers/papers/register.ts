// Registers paper chat ('papers-chat') and the Paper Brain agent ('papers-brain') as SessionDO
// run kinds when this folder is loaded.
import { registerRunner } from '../session'
import { runPaperBrain } from './brain'
import { runPaperChat } from './chat'
import { chatInputSchema } from './schemas'

registerRunner('papers-chat', runPaperChat, chatInputSchema)
registerRunner('papers-brain', runPaperBrain, chatInputSchema)
