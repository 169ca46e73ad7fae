/**
 * "Did you mean …?" for a mistyped word: the one candidate that starts with it,
 * else the closest by edit distance (leven), within a distance that grows with
 * the word's length so a short typo is caught and an unrelated word is not.
 */
import leven from 'leven';

/** `typed` is `word` with two neighbouring letters swapped (lsit, list): one slip of the fingers, not two. */
function swapsOnePair(typed: string, word: string): boolean {
  if (typed.length !== word.length || typed === word) return false;
  const at = [...typed].findIndex((c, i) => c !== word[i]);
  return typed[at] === word[at + 1] && typed[at + 1] === word[at] && typed.slice(at + 2) === word.slice(at + 2);
}

/** `sameAs` groups candidates that mean one thing (`slo`, `slos`): a tie inside a group is no tie. */
export function closestWord(
  word: string,
  candidates: readonly string[],
  sameAs: (candidate: string) => string = (c) => c.toLowerCase(),
): string | undefined {
  const typed = word.trim().toLowerCase();
  if (typed === '') return undefined;
  if (typed.length >= 2) {
    const prefixed = candidates.filter((c) => c.toLowerCase().startsWith(typed));
    if (prefixed.length > 0 && new Set(prefixed.map(sameAs)).size === 1) return prefixed[0];
  }
  // Two edits allow a swapped pair of letters (gte → get); a longer word may stray further.
  const limit = typed.length <= 2 ? 1 : Math.min(3, Math.max(2, Math.floor(typed.length / 3)));
  let best: string | undefined;
  let bestDistance = limit + 1;
  let tie = false;
  for (const candidate of new Set(candidates)) {
    const lower = candidate.toLowerCase();
    const distance = swapsOnePair(typed, lower) ? 1 : leven(typed, lower, { maxDistance: limit + 1 });
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
      tie = false;
    } else if (distance === bestDistance && best !== undefined && sameAs(candidate) !== sameAs(best)) {
      tie = true;
    }
  }
  // Two words equally close: guessing one would mislead as often as help.
  return tie ? undefined : best;
}

/** ` Did you mean "list"?`, or '' when nothing is close (ready to append to a sentence). */
export function didYouMean(
  word: string,
  candidates: readonly string[],
  quote: (text: string) => string = (t) => `"${t}"`,
): string {
  const match = closestWord(word, candidates);
  return match === undefined ? '' : ` Did you mean ${quote(match)}?`;
}
