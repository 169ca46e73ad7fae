/**
 * A target no error budget can come from (995 %, 0, -1) is said before the
 * form sends it, as `slotui lint` would find it (rule target-out-of-range):
 * the first Ctrl+S sends nothing and says why on the field, the next one
 * saves it as typed (the service may take it; the user decides). A form that
 * does not send the target (an edit of another field) is not held up.
 */
import { lintSlo } from '../../domain/lint.js';
import type { SloDefinition } from '../../domain/sloMath.js';
import { valueOf, type FormState } from './formModel.js';
import { WHAT_IF_AFTER } from './whatIf.js';

export interface TargetWarning {
  /** The row the warning stands on. */
  row: string;
  /** The target warned about: saving the same one again goes ahead. */
  value: string;
  text: string;
}

const TARGET_FIELDS = ['target_value', 'target_unit'] as const;

export function targetWarning(form: FormState, payload: Record<string, unknown>): TargetWarning | undefined {
  if (!form.def.fields.some((f) => f.key === WHAT_IF_AFTER) || !Object.hasOwn(payload, WHAT_IF_AFTER)) return undefined;
  const draft: SloDefinition = {};
  for (const key of TARGET_FIELDS) draft[key] = valueOf(form, key);
  const finding = lintSlo({ id: '', ...draft }, new Set(), new Date()).find((f) => f.rule === 'target-out-of-range');
  if (!finding || form.warnedTarget === draft.target_value) return undefined;
  return {
    row: WHAT_IF_AFTER,
    value: String(draft.target_value),
    text: `${finding.message.replace(/^target_value /, 'A target of ')}. Ctrl+S again saves it as typed.`,
  };
}
