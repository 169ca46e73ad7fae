/** Typed or pasted text for the filter and command line: control characters (and so escape sequences) dropped. */
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;

export function cleanInput(text: string): string {
  return text.replace(CONTROLS, '');
}
