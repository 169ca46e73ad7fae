/** Errors as the dashboard shows them: what happened with the error's dashboard advice, made safe. */
import { describeError, isSlotuiError, type SlotuiError } from '../../api/errors.js';
import { sanitizeLine } from '../../text/sanitize.js';

/** What the dashboard adds to a refused or missing token that carries no advice of its own. */
const TOKEN_ADVICE = 'Set up a token with `slotui auth login` or the SLOTUI_TOKEN variable.';

function dashboardMessage(error: SlotuiError): string {
  if (error.advice) return `${error.what} ${error.advice.dashboard}`;
  // A 403 is the user's permission, not the token: a new token does not help.
  if (error.kind === 'auth' && error.status !== 403) return `${error.message} ${TOKEN_ADVICE}`;
  return error.message;
}

/** One or two sentences for any failure (a SlotuiError's, or "Unexpected error: …"). */
export function errorSentence(error: unknown): string {
  return sanitizeLine(isSlotuiError(error) ? dashboardMessage(error) : describeError(error));
}

/** The error line under a failed page: the sentence and the retry key. */
export function retryText(error: unknown): string {
  return `${errorSentence(error)} Press r to retry.`;
}
