// The reminder: the last message of the context, because models weigh the final tokens most.
// A citation reminder whenever a search tool ran in this turn, plus the user's own reminders,
// merged into one message; no reminder at all when neither applies.

export const CITATION_REMINDER =
  'Reminder: back each claim with the number of the document it comes from in square ' +
  'brackets, like [1], and cite only documents shown above.'

export interface ReminderOptions {
  searchRan: boolean
  userReminders: string[]
}

export function buildReminder(options: ReminderOptions): string | null {
  const parts: string[] = []
  if (options.searchRan) parts.push(CITATION_REMINDER)
  for (const reminder of options.userReminders) {
    if (reminder.trim()) parts.push(reminder.trim())
  }
  return parts.length > 0 ? parts.join('\n') : null
}
