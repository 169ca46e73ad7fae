/**
 * Yes/no questions: deleting a record, and throwing away a form with
 * something typed. No is the default: only `y` says yes.
 *
 * The delete question shows at once; what refers to the record (from the
 * record index, gathered in the background if it is not yet) fills in when
 * it is known, and never holds the question or the answer up.
 */
import type { ResourceName } from '../../api/resources.js';
import type { ApiRecord } from '../../api/record.js';
import { errorSentence } from '../text/errorSentence.js';
import { relationsOf } from '../../presentation/relations.js';
import { watchUsedBy } from '../state/relationsStore.js';
import { writable, type Binding, type KeyLayer } from '../input/binding.js';
import { recordName, reloadList, type FormsContext } from './context.js';
import type { FormState } from './formModel.js';

export const confirmBindings = [
  {
    id: 'confirm-yes',
    keys: ['y'],
    description: 'yes (delete, or discard the form); only y says yes',
    hint: 'yes',
    group: 'Confirm',
    when: ['confirm'],
    enabled: writable,
  },
  {
    id: 'confirm-no',
    keys: ['n', 'Esc', 'Enter'],
    description: 'no (the default: Enter alone keeps everything)',
    hint: 'no',
    group: 'Confirm',
    when: ['confirm'],
    enabled: writable,
  },
] as const satisfies readonly Binding[];

export interface ConfirmController {
  askDelete(resource: ResourceName, record: ApiRecord): void;
  deleteLayer(): KeyLayer;
  /** The open form's "discard what you typed?" question. */
  discardLayer(): KeyLayer;
}

export function createConfirmController(
  ctx: FormsContext,
  onDiscard: (form: FormState) => void = () => undefined,
): ConfirmController {
  const { store } = ctx;
  let stopWatching: (() => void) | undefined;

  const stopUsedBy = () => {
    stopWatching?.();
    stopWatching = undefined;
  };

  const askDelete = (resource: ResourceName, record: ApiRecord) => {
    if (!ctx.writable()) return ctx.refuse();
    stopUsedBy();
    const asked = { kind: 'delete', resource, record, deleting: false, error: null, usedBy: null } as const;
    store.set(asked);
    const stillAsked = () => {
      const s = store.getSnapshot();
      return s.kind === 'delete' && s.record === record;
    };
    const unwatchIndex = watchUsedBy(ctx.index(), relationsOf(ctx.registry), resource, record.id, (usedBy) => {
      const s = store.getSnapshot();
      if (s.kind === 'delete' && s.record === record) store.set({ ...s, usedBy });
    });
    // The question closed (answered, or replaced by anything else): stop listening.
    const unwatchStore = store.subscribe(() => {
      if (!stillAsked()) stopUsedBy();
    });
    stopWatching = () => {
      unwatchIndex?.();
      unwatchStore();
    };
  };

  const confirmDelete = async () => {
    const s = store.getSnapshot();
    if (s.kind !== 'delete' || s.deleting) return;
    if (!ctx.writable()) return ctx.refuse();
    store.set({ ...s, deleting: true, error: null });
    const def = ctx.registry.get(s.resource);
    try {
      await ctx.client().remove(s.resource, s.record.id);
      ctx.noteWrite(s.resource, { removed: s.record.id });
      ctx.close();
      // Deleted from its details: they show a record that is gone, so back to the list.
      ctx.leaveDetailsOf(s.resource, s.record.id);
      ctx.say(`Deleted ${recordName(def, s.record)}.`);
      await reloadList(ctx, s.resource);
    } catch (error) {
      const now = store.getSnapshot();
      if (now.kind === 'delete')
        store.set({ ...now, deleting: false, error: `${errorSentence(error)} y tries again; n keeps the record.` });
    }
  };

  const deleteLayer = (): KeyLayer => ({
    context: 'confirm',
    owns: true,
    handlers: {
      'confirm-yes': () => void confirmDelete(),
      'confirm-no': () => {
        const s = store.getSnapshot();
        if (s.kind === 'delete' && !s.deleting) {
          ctx.close();
          ctx.say('Nothing was deleted.');
        }
      },
    },
  });

  const discardLayer = (): KeyLayer => ({
    context: 'confirm',
    owns: true,
    handlers: {
      'confirm-yes': () => {
        const s = store.getSnapshot();
        if (s.kind === 'form') onDiscard(s.form);
        ctx.close();
        ctx.say('The form was closed; nothing was sent.');
      },
      'confirm-no': () => {
        const s = store.getSnapshot();
        if (s.kind === 'form') store.set({ ...s, form: { ...s.form, confirmDiscard: false } });
      },
    },
  });

  return { askDelete, deleteLayer, discardLayer };
}
