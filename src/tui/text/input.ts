/** Typed or pasted text for the filter and command line: control characters (and so escape sequences) dropped. */
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;

export function cleanInput(text: string): string {
  return text.replace(CONTROLS, '');
}

// eslint-disable-next-line no-control-regex
const CONTROLS_BUT_LINES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** Pasted text for a field of several lines: control characters dropped, line breaks (\n) and tabs kept. */
export function cleanLines(text: string): string {
  return text.replace(CONTROLS_BUT_LINES, '');
}
