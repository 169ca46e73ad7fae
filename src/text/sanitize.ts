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

// C0 controls except tab and newline, DEL, C1 controls, and the Unicode line/paragraph separators.
// eslint-disable-next-line no-control-regex
const CONTROLS_KEEPING_LAYOUT = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/g;

/**
 * Every Unicode format character (general category Cf): bidi marks,
 * embeddings, overrides and isolates, the Arabic letter mark U+061C, the soft
 * hyphen, zero-width spaces and joiners, the Mongolian vowel separator,
 * interlinear annotation marks U+FFF9-U+FFFB, the byte order mark and the tag
 * characters U+E0000-U+E007F. They are invisible, yet can reorder, hide or
 * smuggle text. The one kept: a zero-width joiner between two emoji, which
 * makes one picture of them (👩‍💻).
 */
const INVISIBLE_FORMAT =
  /(?<!\p{Extended_Pictographic}[\u{fe0f}\p{Emoji_Modifier}]?)\u200d|\u200d(?!\p{Extended_Pictographic})|(?!\u200d)\p{Cf}/gu;

/** Takes out the format characters above (a joiner inside an emoji sequence stays). */
function stripInvisibleFormat(text: string): string {
  return text.replace(INVISIBLE_FORMAT, '');
}

/**
 * Safe text for a terminal: escape sequences and control characters removed;
 * newlines and tabs kept (a multi-line description stays multi-line).
 * `\r\n` becomes `\n`; a lone `\r` (which would overwrite the line) is dropped.
 */
export function sanitizeText(text: string): string {
  return stripInvisibleFormat(
    text.replace(/\r\n/g, '\n').replace(ESCAPE_SEQUENCES, '').replace(CONTROLS_KEEPING_LAYOUT, ''),
  );
}

/** sanitizeText squeezed to one line: newlines and tabs become single spaces (table cells, status lines). */
export function sanitizeLine(text: string): string {
  return sanitizeText(text).replace(/[\n\t]+/g, ' ');
}

// JSON.stringify escapes C0 controls but leaves DEL, C1 controls (U+009B is CSI to some terminals),
// line separators and the invisible format characters (bidi overrides, U+061C, soft hyphen, tag
// characters: every Unicode Cf) as they are. Escaped, the JSON means exactly the same, and
// `--json` printed on a terminal can no longer reorder, hide or rewrite what it shows. They can only
// occur inside JSON strings, so replacing them in the text is safe.
export const UNSAFE_IN_JSON = /[\u007f-\u009f\u2028\u2029]|\p{Cf}/gu;
