/**
 * Drafts of forms: Ctrl+C in a form with something typed keeps what was
 * typed (src/config/drafts.ts: 0600 files under the config folder, by
 * profile, resource and id) before the dashboard quits; the next `c` or `e`
 * of the same record offers it back. Restoring is the default (Enter), so a
 * draft is never thrown away by a key pressed in passing: only `n` removes
 * it, and so do saving the form and discarding it.
 */
import type { DraftKey } from '../../config/drafts.js';
import { writable, type Binding, type KeyLayer } from '../input/binding.js';
import type { FormsContext } from './context.js';
import { draftValues, isDirty, restoreDraft, type FormState } from './formModel.js';

export const draftBindings = [
  {
    id: 'draft-restore',
    keys: ['r', 'Enter'],
    description: 'restore the draft kept when the form was left with Ctrl+C (Enter: the default)',
    hint: 'restore',
    group: 'Forms',
    when: ['draft'],
    enabled: writable,
  },
  {
    id: 'draft-fresh',
    keys: ['n'],
    description: 'start fresh: the draft is removed',
    hint: 'start fresh',
    group: 'Forms',
    when: ['draft'],
    enabled: writable,
  },
  {
    id: 'draft-close',
    keys: ['Esc'],
    description: 'close the form, the draft kept for the next time',
    hint: 'close',
    group: 'Forms',
    when: ['draft'],
    enabled: writable,
  },
] as const satisfies readonly Binding[];

export interface DraftController {
  /** The form, with the offer of its record's kept draft when there is one. */
  withOffer(form: FormState): FormState;
  /** Keeps the open form's changes as a draft (Ctrl+C): what to say once the terminal is back, or undefined when nothing was typed. */
  keep(): string | undefined;
  /** The form was saved or its text discarded: its draft goes. */
  forget(form: FormState): void;
  /** The offer's keys: restore, start fresh, close. */
  layer(): KeyLayer;
}

/** Said once the terminal is restored, when quitting kept a form's text. */
export const DRAFT_KEPT_NOTE =
  'What you typed in the form is kept as a draft: the next c (or e of the same record) offers it back.';
/** Said when the draft could not be written (a full disk, a folder not ours): the text is gone, and the user should know. */
const DRAFT_FAILED_NOTE = (dir: string): string =>
  `What you typed in the form could not be kept as a draft (${dir} cannot be written).`;

const two = (n: number): string => String(n).padStart(2, '0');

/** `03:12` today, `2026-11-22 03:12` another day (local time). */
function draftTime(savedAt: Date, now: Date): string {
  const time = `${two(savedAt.getHours())}:${two(savedAt.getMinutes())}`;
  const sameDay =
    savedAt.getFullYear() === now.getFullYear() &&
    savedAt.getMonth() === now.getMonth() &&
    savedAt.getDate() === now.getDate();
  return sameDay ? time : `${savedAt.getFullYear()}-${two(savedAt.getMonth() + 1)}-${two(savedAt.getDate())} ${time}`;
}

export function createDraftController(ctx: FormsContext): DraftController {
  const { store } = ctx;
  const keyOf = (form: FormState): DraftKey => ({
    profile: ctx.session().profile,
    resource: form.def.name,
    ...(form.record ? { id: form.record.id } : {}),
  });

  const withOffer = (form: FormState): FormState => {
    if (!ctx.drafts) return form;
    const draft = ctx.drafts.load(keyOf(form));
    if (!draft || Object.keys(draft.values).length === 0) return form;
    const savedAt = new Date(draft.savedAt);
    const when = Number.isNaN(savedAt.getTime()) ? 'an earlier session' : draftTime(savedAt, ctx.clock());
    return { ...form, draftOffer: { when, values: draft.values } };
  };

  const keep = (): string | undefined => {
    const s = store.getSnapshot();
    // A bulk edit is of many records: no draft is kept of it (nothing of it was sent either).
    if (!ctx.drafts || s.kind !== 'form' || s.form.bulk || s.form.draftOffer || !isDirty(s.form)) return undefined;
    const values = draftValues(s.form, ctx.session().token);
    if (Object.keys(values).length === 0) return undefined;
    return ctx.drafts.save(keyOf(s.form), values, ctx.clock()) ? DRAFT_KEPT_NOTE : DRAFT_FAILED_NOTE(ctx.drafts.dir);
  };

  const forget = (form: FormState) => ctx.drafts?.remove(keyOf(form));

  const offered = (act: (form: FormState) => void) => () => {
    const s = store.getSnapshot();
    if (s.kind === 'form' && s.form.draftOffer) act(s.form);
  };

  const layer = (): KeyLayer => ({
    context: 'draft',
    owns: true,
    handlers: {
      'draft-restore': offered((form) => {
        const restored = restoreDraft(form, form.draftOffer!.values);
        store.set({ kind: 'form', form: restored, picker: null });
        if (isDirty(restored)) {
          ctx.say('The draft is back in the form: Ctrl+S saves it, Esc asks before throwing it away.');
          return;
        }
        // The record already holds what the draft did (saved another way since): nothing left to offer next time.
        forget(form);
        ctx.say('The record already holds what the draft had: the draft was removed.');
      }),
      'draft-fresh': offered((form) => {
        forget(form);
        store.set({ kind: 'form', form: { ...form, draftOffer: null }, picker: null });
        ctx.say('The draft was removed: the form starts fresh.');
      }),
      'draft-close': offered(() => {
        ctx.close();
        ctx.say('The form was closed; the draft is kept for the next time.');
      }),
    },
  });

  return { withOffer, keep, forget, layer };
}
