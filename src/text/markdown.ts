/** Server text made safe inside Markdown (incident documents, copied summaries). */
import { sanitizeLine } from './sanitize.js';

/** One line of text that Markdown shows as written: table pipes, markup and HTML escaped. */
export function markdownText(value: string): string {
  return sanitizeLine(value)
    .replace(/[\\|*_`[\]<>#~]/g, (ch) => `\\${ch}`)
    .trim();
}
