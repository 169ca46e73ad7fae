/**
 * A field's typed text as its value on the wire, by the field's kind
 * (src/api/resources.ts): what the dashboard's forms and `--set FIELD=VALUE`
 * both read. Each caller words its own message for a text that is none.
 */

const WHOLE_NUMBER = /^[+-]?\d+$/;

/** An integer field's text: the number, or why it is none. */
export function wholeNumberOf(text: string): number | 'not whole' | 'too large' {
  const t = text.trim();
  if (!WHOLE_NUMBER.test(t)) return 'not whole';
  const n = Number(t);
  return Number.isSafeInteger(n) ? n : 'too large';
}

/** A numeric-string field's text (the service carries such numbers as text, "99.9"): trimmed, when it reads as a finite number. */
export function numberTextOf(text: string): string | undefined {
  const t = text.trim();
  return t !== '' && Number.isFinite(Number(t)) ? t : undefined;
}

/** A list of ids: the words between commas and spaces. */
export const idsOf = (text: string): string[] => text.split(/[\s,]+/).filter(Boolean);
