/**
 * Yes/no questions: deleting a record, and throwing away a form with
 * something typed. No is the default: only `y` says yes.
 */
import type { ResourceName } from '../../api/resources.js';
import type { ApiRecord } from '../../api/record.js';
import { errorSentence } from '../errorText.js';
import type { KeyLayer } from '../input/router.js';
import { recordName, reloadList, type FormsContext } from './context.js';

export interface ConfirmController {
  askDelete(resource: ResourceName, record: ApiRecord): void;
  deleteLayer(): KeyLayer;
  /** The open form's "discard what you typed?" question. */
  discardLayer(): KeyLayer;
}

export function createConfirmController(ctx: FormsContext): ConfirmController {
  const { store } = ctx;

  const askDelete = (resource: ResourceName, record: ApiRecord) => {
    if (!ctx.writable()) return ctx.refuse();
    store.set({ kind: 'delete', resource, record, deleting: false, error: null });
  };

  const confirmDelete = async () => {
    const s = store.getSnapshot();
    if (s.kind !== 'delete' || s.deleting) return;
    if (!ctx.writable()) return ctx.refuse();
    store.set({ ...s, deleting: true, error: null });
    const def = ctx.registry.get(s.resource);
    try {
      await ctx.client().remove(s.resource, s.record.id);
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
