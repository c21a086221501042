/**
 * Whether a card shows its priority next to its label: not when they say the same word (a `breaking` story is
 * labelled Breaking, and one badge says it).
 */
export function showsPriority(label: string | null, priority: string): boolean {
  return !label || label.toLowerCase() !== priority.toLowerCase();
}
