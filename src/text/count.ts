/**
 * A count as the dashboard and the CLI print it: digits grouped by threes with commas, as English
 * writes them (100,030), the text `toLocaleString('en-US')` gives for an integer. Intl's number
 * formats cost 20 to 40 ms at their first use in a process (ICU builds the locale's formatter),
 * which fell on whatever key first showed a count (a mark, a gathering's progress, a filter's
 * matches); this costs nothing to start. Not a count (a fraction, beyond 2^53): its plain digits.
 */
export function grouped(n: number): string {
  if (!Number.isSafeInteger(n)) return String(n);
  const digits = String(Math.abs(n));
  let text = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) text += ',';
    text += digits[i];
  }
  return n < 0 ? `-${text}` : text;
}

/** `1 SLO`, `2,030 SLOs`: a count and the word for that many. */
export function counted(n: number, one: string, many: string): string {
  return `${grouped(n)} ${n === 1 ? one : many}`;
}
