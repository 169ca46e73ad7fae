/** Errors as the dashboard shows them: the error's own sentence, made safe, and what to press. */
import { describeError, isSlotuiError } from '../api/errors.js';
import { sanitizeLine } from '../text/sanitize.js';

/** One or two sentences for any failure (a SlotuiError's message, or "Unexpected error: …"). */
export function errorSentence(error: unknown): string {
  const text = sanitizeLine(describeError(error));
  if (isSlotuiError(error) && error.kind === 'auth' && error.status !== 403 && !/SLOTUI_TOKEN|auth login/.test(text)) {
    return `${text} Set up a token with \`slotui auth login\` or the SLOTUI_TOKEN variable.`;
  }
  return text;
}

/** The error line under a failed page: the sentence and the retry key. */
export function retryText(error: unknown): string {
  return `${errorSentence(error)} Press r to retry.`;
}
