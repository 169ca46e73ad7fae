/** What the forms' tests read of the driver's view model: the form shown, its picker, the focused row, a field's text. */
import { formRows, type FormState } from '../../../src/tui/forms/formModel.js';
import type { PickerState } from '../../../src/tui/forms/formsStore.js';
import type { Driver } from '../driver.js';

/** The form on screen (throws when another screen is). */
export const form = (d: Driver): FormState => {
  const screen = d.view().screen;
  if (screen.kind !== 'forms' || screen.state.kind !== 'form') throw new Error(`no form but ${screen.kind}`);
  return screen.state.form;
};

/** The picker open over the form, if one is. */
export const picker = (d: Driver): PickerState | null => {
  const screen = d.view().screen;
  return screen.kind === 'forms' && screen.state.kind === 'form' ? (screen.state.picker ?? null) : null;
};

/** The id of the form's focused row. */
export const focused = (d: Driver): string => formRows(form(d))[form(d).focus]?.id ?? '';
