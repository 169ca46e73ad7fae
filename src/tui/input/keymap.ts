/**
 * The keymap: every binding row with the keys in effect, looked up by action
 * id when a key arrives. Overrides replace an action's keys wherever the
 * action stands (`{ 'next-page': ['n', 'Ctrl+F'], delete: [] }`), so a
 * settings file can rebind keys without any controller knowing.
 */
import type { Key } from 'ink';
import type { Binding, KeyContext, KeyEnv } from './binding.js';
import { matchesKey } from './match.js';

/** Action id → the keys that replace its defaults (an empty list turns the action off). */
type KeyOverrides = Readonly<Record<string, readonly string[]>>;

export interface Keymap {
  /** Every row, in declaration order (help groups and dispatch follow it). */
  readonly bindings: readonly Binding[];
  /** The rows of one context, in declaration order. */
  inContext(context: KeyContext): readonly Binding[];
  /** The binding's keys in this session. */
  keysOf(binding: Binding, env: KeyEnv): readonly string[];
  /** The binding's key that was pressed, if any. */
  pressed(binding: Binding, input: string, key: Key, env: KeyEnv): string | undefined;
}

export function isEnabled(binding: Binding, env: KeyEnv): boolean {
  return binding.enabled ? binding.enabled(env) : true;
}

export function buildKeymap(rows: readonly Binding[], overrides: KeyOverrides = {}): Keymap {
  const bindings = rows.map((row): Binding => {
    const keys = Object.hasOwn(overrides, row.id) ? overrides[row.id] : undefined;
    if (!keys) return row;
    const { keysFor: _sessionKeys, ...rest } = row;
    return { ...rest, keys };
  });
  const byContext = new Map<KeyContext, Binding[]>();
  for (const binding of bindings)
    for (const context of binding.when) byContext.set(context, [...(byContext.get(context) ?? []), binding]);
  const keysOf = (binding: Binding, env: KeyEnv) => (binding.keysFor ? binding.keysFor(env) : binding.keys);
  return {
    bindings,
    inContext: (context) => byContext.get(context) ?? [],
    keysOf,
    pressed: (binding, input, key, env) => keysOf(binding, env).find((k) => matchesKey(k, input, key)),
  };
}
