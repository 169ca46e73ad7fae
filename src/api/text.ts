/**
 * Server text inside error messages: made safe by sanitizeLine (sanitize.ts),
 * squeezed to one line and cut to a readable length.
 */
import { sanitizeLine } from '../text/sanitize.js';

const SERVER_TEXT_LIMIT = 200;

/** One line of safe text, at most `limit` characters (an ellipsis marks a cut). */
export function sanitizeServerText(text: string, limit = SERVER_TEXT_LIMIT): string {
  // Escapes become nothing in sanitizeLine; a space keeps words from gluing together here.
  const clean = sanitizeLine(text.replaceAll('\u001b', ' \u001b')).replace(/\s+/g, ' ').trim();
  const chars = Array.from(clean); // by code point, so a cut never splits a surrogate pair
  return chars.length <= limit
    ? clean
    : `${chars
        .slice(0, limit - 1)
        .join('')
        .trimEnd()}…`;
}
