/**
 * A bracketed paste (the terminal marks it, so it never arrives as keys): the
 * text goes into the text field that has the focus, as one value, and never
 * moves the focus or presses a key (pasting "deploy" over the list must not
 * press d, then y). A field of one line takes a paste of one line: line
 * breaks at its end are dropped (a copied line often ends with one), one
 * inside is refused with why; a field of several lines keeps them (its
 * layer's `paste`). Outside a text field a paste does nothing, and says so.
 */
import type { KeyLayer } from './binding.js';
import { NO_KEY, reachable, type Dispatched } from './router.js';

export const NOWHERE_TO_PASTE =
  'A paste goes only into a text field (/ filters, : runs a command): nothing was done with it.';
export const PASTE_HAS_LINES = 'This field takes one line and the paste has several: nothing was pasted.';

/** Line breaks as one kind (\n), whatever the terminal sent. */
export const normalizeLineBreaks = (text: string): string => text.replace(/\r\n?/g, '\n');

/** The paste as one line, or undefined when it has a line break before its end. */
export function oneLine(text: string): string | undefined {
  const trimmed = normalizeLineBreaks(text).replace(/\n+$/, '');
  return trimmed.includes('\n') ? undefined : trimmed;
}

export const IGNORED_PASTE: Dispatched = { kind: 'ignored' };

/** Offers a paste to the text field on top (the caller knows the screen takes text): the first reachable layer that does. */
export function dispatchPaste(layers: readonly KeyLayer[], text: string): Dispatched {
  for (const layer of reachable(layers)) {
    if (layer.paste) return layer.paste(text);
    if (!layer.text) continue;
    const line = oneLine(text);
    if (line === undefined) return { kind: 'refused', reason: PASTE_HAS_LINES };
    layer.text(line, NO_KEY);
    return { kind: 'handled' };
  }
  return IGNORED_PASTE;
}
