/** Addresses as users type them. */

/**
 * A bare host (`slo.example.com`, `localhost:8443/api`) means https, as a
 * browser's address bar reads it; an address with a scheme is kept as typed
 * (so http:// is still refused, never silently upgraded).
 */
export function withScheme(text: string): string {
  if (text === '' || /^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return text;
  return `https://${text}`;
}

/** withScheme for a setting that may be absent. */
export const withSchemeIfSet = (text: string | undefined): string | undefined =>
  text === undefined ? undefined : withScheme(text.trim());
