/**
 * Server text is untrusted: a record's name or description could carry
 * terminal escape sequences (repaint the screen, set the title, write the
 * clipboard with OSC 52), control characters or bidi overrides (reorder what
 * the user reads). Everything from the server is passed through here before it
 * reaches a terminal, by the CLI and by the dashboard alike.
 *
 * Unlike sanitizeServerText (text.ts, for error messages), these keep the
 * whole text: nothing is cut.
 */

// CSI (ESC [ ... final), OSC (ESC ] ... BEL or ST), DCS/SOS/PM/APC strings (ESC P|X|^|_ ... ST),
// other two-byte ESC sequences, and the 8-bit CSI/OSC forms.
const ESCAPE_SEQUENCES = new RegExp(
  [
    '\\u001b\\[[0-?]*[ -/]*[@-~]',
    '\\u001b\\][^\\u0007\\u001b\\u009c]*(?:\\u0007|\\u001b\\\\|\\u009c)?',
    '\\u001b[PX^_][^\\u001b\\u009c]*(?:\\u001b\\\\|\\u009c)?',
    '\\u001b[ -/]*[0-~]?',
    '\\u009b[0-?]*[ -/]*[@-~]',
    '[\\u009d\\u0090\\u0098\\u009e\\u009f][^\\u0007\\u009c\\u001b]*(?:\\u0007|\\u009c)?',
  ].join('|'),
  'g',
);

// C0 controls except tab and newline, DEL, C1 controls, bidi embeddings/overrides/isolates,
// zero-width and other invisible format marks, and the Unicode line/paragraph separators.
// eslint-disable-next-line no-control-regex
const CONTROLS_KEEPING_LAYOUT = new RegExp('[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u200b-\\u200f\\u2028-\\u202e\\u2060-\\u2069\\ufeff]', 'g');

/**
 * Safe text for a terminal: escape sequences and control characters removed;
 * newlines and tabs kept (a multi-line description stays multi-line).
 * `\r\n` becomes `\n`; a lone `\r` (which would overwrite the line) is dropped.
 */
export function sanitizeText(text: string): string {
  return text
    .replace(/\r\n/g, '\n')
    .replace(ESCAPE_SEQUENCES, '')
    .replace(CONTROLS_KEEPING_LAYOUT, '');
}

/** sanitizeText squeezed to one line: newlines and tabs become single spaces (table cells, status lines). */
export function sanitizeLine(text: string): string {
  return sanitizeText(text).replace(/[\n\t]+/g, ' ');
}
