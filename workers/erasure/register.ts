// Registers the session erasure steps with SessionDO when this folder is loaded.
import { registerErasureSteps } from '../session'
import { sessionErasureSteps } from './steps'

registerErasureSteps(sessionErasureSteps)
