/**
 * The one key dispatcher. Key layers come top first (an overlay, then the
 * screen, then the global keys); a layer that owns the keyboard (an overlay,
 * a text input) stops the search, so typing `q` in the filter never quits.
 * 'always' bindings (Ctrl+C) are tried in every layer before anything else.
 *
 * Pure functions over plain data: the dashboard builds the layers of the
 * screen on top at the moment a key arrives (controllers/layers.ts), finds
 * each binding by action id in the keymap (keymap.ts), and the hint bar asks
 * the same layers which keys apply.
 */
import type { Key } from 'ink';
import type { Binding, KeyContext, KeyEnv, KeyHandlers, KeyLayer } from './binding.js';
import { isEnabled, type Keymap } from './keymap.js';

/** The layers that get keys: from the top down to the first that owns the keyboard. */
export function reachable(layers: readonly KeyLayer[]): KeyLayer[] {
  const out: KeyLayer[] = [];
  for (const layer of layers) {
    out.push(layer);
    if (layer.owns) break;
  }
  return out;
}

/** What became of a key: a handler took it, a disabled binding refused it (and why), or nothing wanted it. */
export type Dispatched = { kind: 'handled' } | { kind: 'refused'; reason: string } | { kind: 'ignored' };

const HANDLED: Dispatched = { kind: 'handled' };
const IGNORED: Dispatched = { kind: 'ignored' };

function tryLayer(
  keymap: Keymap,
  context: KeyContext,
  handlers: KeyHandlers,
  env: KeyEnv,
  input: string,
  key: Key,
): Dispatched {
  for (const binding of keymap.inContext(context)) {
    if (!isEnabled(binding, env)) {
      // A key the session has turned off says why instead of doing nothing.
      if (binding.disabledReason && keymap.pressed(binding, input, key, env) !== undefined)
        return { kind: 'refused', reason: binding.disabledReason };
      continue;
    }
    const handler = handlers[binding.id];
    if (!handler) continue;
    const pressed = keymap.pressed(binding, input, key, env);
    if (pressed === undefined) continue;
    handler(pressed);
    return HANDLED;
  }
  return IGNORED;
}

/** Offers one key to the layers, top first. Layer order is priority: the first layer that takes the key wins. */
export function dispatchKey(
  layers: readonly KeyLayer[],
  keymap: Keymap,
  env: KeyEnv,
  input: string,
  key: Key,
): Dispatched {
  for (const layer of layers) {
    const always = tryLayer(keymap, 'always', layer.handlers, env, input, key);
    if (always.kind !== 'ignored') return always;
  }
  for (const layer of reachable(layers)) {
    const result = tryLayer(keymap, layer.context, layer.handlers, env, input, key);
    if (result.kind !== 'ignored') return result;
    if (layer.text?.(input, key)) return HANDLED;
  }
  return IGNORED;
}

/** Bindings that apply now and have a hint (with the keys in effect), top layer first, each action once. */
export function activeHints(layers: readonly KeyLayer[], keymap: Keymap, env: KeyEnv): Binding[] {
  const seen = new Set<string>();
  const hints: Binding[] = [];
  for (const layer of reachable(layers)) {
    for (const binding of keymap.inContext(layer.context)) {
      if (!binding.hint || seen.has(binding.id)) continue;
      if (!layer.handlers[binding.id] || !isEnabled(binding, env)) continue;
      const keys = keymap.keysOf(binding, env);
      if (keys.length === 0) continue;
      seen.add(binding.id);
      hints.push({ ...binding, keys });
    }
  }
  return hints;
}

/** An Ink key with nothing pressed: the base of every key made from raw input (and of tests' keys). */
export const NO_KEY: Key = {
  upArrow: false,
  downArrow: false,
  leftArrow: false,
  rightArrow: false,
  pageDown: false,
  pageUp: false,
  home: false,
  end: false,
  return: false,
  escape: false,
  ctrl: false,
  shift: false,
  tab: false,
  backspace: false,
  delete: false,
  meta: false,
  super: false,
  hyper: false,
  capsLock: false,
  numLock: false,
};

/** A key with only the named flags set. */
export const keyWith = (pressed: Partial<Key> = {}): Key => ({ ...NO_KEY, ...pressed });

// Made on first use (a multi-character key event): the first Segmenter loads ICU data.
let graphemeSegmenter: Intl.Segmenter | undefined;
const graphemes = {
  segment: (text: string) =>
    (graphemeSegmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' })).segment(text),
};

const ESC_KEY = { input: '', key: { ...NO_KEY, escape: true } };

/**
 * Esc then a key within Ink's short escape wait (about 20 ms, like vim's ttimeoutlen) reaches us as
 * Alt+key. No binding is an Alt key, so it is what was typed: Esc, then the key (both were lost).
 */
function isEscThenKey(input: string, key: Key): boolean {
  const special =
    key.ctrl || key.escape || key.return || key.tab || key.backspace || key.delete || key.upArrow || key.downArrow;
  const moves = key.leftArrow || key.rightArrow || key.pageUp || key.pageDown || key.home || key.end;
  // eslint-disable-next-line no-control-regex
  return key.meta && !special && !moves && input !== '' && !/[\u0000-\u001f\u007f]/.test(input);
}

/**
 * A terminal may deliver several keys in one read ("jjj" from key repeat,
 * "x\r" from fast typing); Ink hands them over as one event. Outside text
 * inputs each character is a key of its own; in a text input, runs of text
 * stay together (a paste) and Enter, Tab, Backspace and Ctrl+letters are split
 * off (a form filled faster than it redraws, or keys batched over SSH).
 */
export function splitKeys(input: string, key: Key, textInput: boolean): { input: string; key: Key }[] {
  if (isEscThenKey(input, key)) return [ESC_KEY, ...splitKeys(input, { ...key, meta: false }, textInput)];
  if (input.length <= 1 || key.ctrl || key.meta) return [{ input, key }];
  const out: { input: string; key: Key }[] = [];
  let text = '';
  const flush = () => {
    if (text) out.push({ input: text, key: NO_KEY });
    text = '';
  };
  for (const { segment } of graphemes.segment(input)) {
    if (segment === '\r' || segment === '\n') {
      flush();
      out.push({ input: '\r', key: { ...NO_KEY, return: true } });
    } else if (segment === '\t') {
      flush();
      out.push({ input: '\t', key: { ...NO_KEY, tab: true } });
    } else if (segment === '\u007f' || segment === '\b') {
      // DEL, as Ink reports it on its own (most terminals send it for Backspace).
      flush();
      out.push({ input: '', key: { ...NO_KEY, delete: true } });
    } else if (segment.length === 1 && segment < ' ') {
      // Ctrl+letter (Ctrl+P is 0x10): as Ink reports it on its own, the letter with ctrl.
      flush();
      out.push({ input: String.fromCharCode(segment.charCodeAt(0) + 96), key: { ...NO_KEY, ctrl: true } });
    } else if (textInput) {
      text += segment;
    } else {
      out.push({ input: segment, key: { ...NO_KEY, shift: /^[A-Z]$/.test(segment) } });
    }
  }
  flush();
  return out;
}
