/** `E`: a record edited as JSON in the user's editor, the terminal handed over while it runs. */
import type { ResourceName } from '../../api/resources.js';
import type { ApiRecord } from '../../api/record.js';
import { errorSentence } from '../text/errorSentence.js';
import type { KeyLayer } from '../input/binding.js';
import { recordName, reloadList, type FormsContext } from './context.js';
import { editInExternalEditor } from './externalEditor.js';

export interface EditorController {
  edit(resource: ResourceName, record: ApiRecord): Promise<void>;
  /** While the editor runs it has the terminal: nothing here takes keys. */
  layer(): KeyLayer;
}

export function createEditorController(
  ctx: FormsContext,
  runEditor: () => (file: string) => Promise<void>,
): EditorController {
  /** Text of edits the editor cancelled, by record: the next `E` of that record starts from it. */
  const drafts = new Map<string, string>();
  const edit = async (resource: ResourceName, record: ApiRecord) => {
    if (!ctx.writable()) return ctx.refuse();
    if (ctx.store.getSnapshot().kind !== 'none') return;
    const def = ctx.registry.get(resource);
    const key = `${resource}/${record.id}`;
    ctx.store.set({ kind: 'external', resource, record });
    try {
      const draft = drafts.get(key);
      const outcome = await editInExternalEditor({
        def,
        record,
        client: ctx.client(),
        launch: runEditor(),
        ...(draft === undefined ? {} : { draft }),
      });
      ctx.close();
      if (outcome.kind === 'cancelled') {
        if (outcome.draft !== undefined) drafts.set(key, outcome.draft);
        ctx.say(
          `The editor cancelled: nothing was sent.${outcome.draft !== undefined ? ' Your text is kept for the next E.' : ''}`,
        );
        return;
      }
      if (outcome.kind === 'unchanged' && outcome.draft !== undefined) {
        drafts.set(key, outcome.draft);
        ctx.say('Closed as it was opened: nothing was sent. Your text is kept for the next E.');
        return;
      }
      drafts.delete(key);
      if (outcome.kind === 'saved') {
        ctx.noteWrite(resource, { saved: outcome.record });
        ctx.say(`Saved ${recordName(def, outcome.record)}.`);
        await reloadList(ctx, resource);
      } else if (outcome.kind === 'unchanged') {
        ctx.say('Nothing changed: nothing was sent.');
      } else {
        ctx.say(`Not saved: ${outcome.error} Your edit is kept in ${outcome.file}.`, 'error');
      }
    } catch (error) {
      ctx.close();
      ctx.say(errorSentence(error), 'error');
    }
  };
  return { edit, layer: () => ({ context: 'confirm', owns: true, handlers: {} }) };
}
