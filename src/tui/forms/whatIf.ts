/**
 * The SLO form's live what-if: the budget of the stored SLO and of what is typed now
 * ("budget 43m 12s → 21m 36s"), shown under the target. Null for forms without a target.
 */
import { whatIfLine, type WhatIf } from '../../domain/budgetViews.js';
import type { SloDefinition } from '../../domain/sloMath.js';
import { valueOf, type FormState } from './formModel.js';

/** The row the line stands under. */
export const WHAT_IF_AFTER = 'target_value';

const MATH_FIELDS = [
  'target_value',
  'target_unit',
  'time_window_type',
  'time_window_value',
  'time_window_unit',
] as const;

export function formWhatIf(form: FormState, now: Date): WhatIf | null {
  if (
    !form.def.fields.some((f) => f.key === WHAT_IF_AFTER) ||
    !form.def.fields.some((f) => f.key === 'time_window_value')
  )
    return null;
  const draft: SloDefinition = {};
  for (const key of MATH_FIELDS) draft[key] = valueOf(form, key);
  const interval = valueOf(form, 'interval').trim();
  if (/^\d+$/.test(interval)) draft.interval = Number(interval);
  return whatIfLine(form.record, draft, now);
}
