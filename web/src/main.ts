// The app's entry point: the shell routes to each mode's view.
import { startShell } from './shell'

startShell()
