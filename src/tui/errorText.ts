/** Errors as the dashboard shows them: the error's own sentence, made safe, and what to press. */
import { describeError, isSlotuiError } from '../api/errors.js';
import { sanitizeLine } from '../text/sanitize.js';

/** One or two sentences for any failure (a SlotuiError's message, or "Unexpected error: …"). */
export function errorSentence(error: unknown): string {
  const text = sanitizeLine(describeError(error));
  if (isSlotuiError(error) && error.kind === 'auth' && error.status !== 403 && !/SLOTUI_TOKEN|auth login/.test(text)) {
    return `${text} Set up a token with \`slotui auth login\` or the SLOTUI_TOKEN variable.`;
  }
  return dashboardAdvice(text);
}

/** The client's advice names CLI commands; in the dashboard the same advice is a key. */
function dashboardAdvice(text: string): string {
  return (
    text
      .replace(
        / Check the id with `slotui list [^`]*`\./,
        ' It may have been deleted: Esc goes back, r reloads the list.',
      )
      .replace(/check with `slotui list [^`]*`/g, 'check the list (r reloads it)')
      // Flags mean nothing here, and the shorter sentence leaves room for the retry key at 80 columns.
      .replace(
        / If the service uses a private certificate authority, set SLOTUI_CA_FILE or give --ca-file with its PEM file \([^)]*\)\./,
        ' If it uses a private certificate authority, start slotui with SLOTUI_CA_FILE set to its PEM file.',
      )
  );
}

/** The error line under a failed page: the sentence and the retry key. */
export function retryText(error: unknown): string {
  return `${errorSentence(error)} Press r to retry.`;
}
