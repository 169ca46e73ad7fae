/**
 * `:export FILE`: the marked records of the list shown (without marks, the
 * list shown: the page, or every match once the whole list is gathered) as
 * OpenSLO YAML, the documents `slotui export` writes for the same records
 * (src/domain/opensloExport.ts). Names are assigned over every SLI and SLO,
 * so both are gathered first (the record index). The file is the user's
 * alone (0600); one already there is replaced only by `:export! FILE`.
 */
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import type { ResourceName } from '../../api/resources.js';
import { describeIndexStatus } from '../../api/recordIndex.js';
import { writeOutputFile } from '../../config/outputFile.js';
import { exportSelection, hasOpenSloKind, OPENSLO_RESOURCES } from '../../domain/opensloExport.js';
import { sanitizeLine } from '../../text/sanitize.js';
import { truncate } from '../../text/width.js';
import { documentText } from '../../text/yaml.js';
import { errorSentence } from '../text/errorSentence.js';
import type { DashboardContext } from './context.js';
import { counted } from '../../text/count.js';

/** `~/x` is the home folder's x, as a shell would read it; the rest is relative to where slotui started. */
const pathOf = (file: string): string =>
  file === '~' || file.startsWith('~/') ? resolve(homedir(), file.slice(2)) : resolve(file);

export function createExporter(ctx: DashboardContext): (file: string, replace: boolean) => void {
  let running = false;

  /** The ids to export: the marks, else the list shown (undefined: said why not). */
  const chosenIds = (resource: ResourceName): string[] | undefined => {
    const { marks, wholes, index } = ctx.session();
    if (marks.count(resource) > 0) return [...marks.of(resource).keys()];
    const shown = ctx.shown();
    if (!shown.whole) return shown.rows.map((row) => row.record.id);
    const status = index.status(resource);
    if (status.state !== 'complete') {
      ctx.say(
        `Nothing was exported: ${describeIndexStatus(status) ?? 'the whole list is not gathered yet'}. :export again once it is, or mark the records.`,
        'error',
      );
      return undefined;
    }
    return wholes[resource].matchIds();
  };

  const run = async (file: string, replace: boolean) => {
    const resource = ctx.nav.getSnapshot().resource;
    const def = ctx.registry.get(resource);
    if (!hasOpenSloKind(resource)) {
      ctx.say(`${def.title} have no OpenSLO kind: :export writes SLIs and SLOs.`, 'error');
      return;
    }
    const ids = chosenIds(resource);
    if (!ids) return;
    if (ids.length === 0) {
      ctx.say(`Nothing to export: no ${def.plural} are shown.`, 'error');
      return;
    }
    const session = ctx.session();
    const { index } = session;
    const shownFile = truncate(sanitizeLine(file), 60);
    ctx.say(`Exporting ${counted(ids.length, def.kind, def.plural)} to ${shownFile}…`);
    // Every SLI (an SLO's document names its SLI), and every SLO when SLOs are exported: names are unique over each.
    const needed = OPENSLO_RESOURCES.slice(0, OPENSLO_RESOURCES.indexOf(resource) + 1);
    await Promise.all(needed.map((r) => index.ensure(r)));
    if (ctx.session() !== session) return; // another profile since: this export is for a session gone
    for (const r of needed) {
      const status = index.status(r);
      if (status.state !== 'complete') {
        ctx.say(
          `Nothing was exported: ${status.message ?? describeIndexStatus(status) ?? `not every ${status.title} could be read`}`,
          'error',
        );
        return;
      }
    }
    const [slis = [], slos = []] = needed.map((r) => [...index.records(r)]);
    const chosen = exportSelection({ slis, slos }, { resource, ids });
    const written = chosen.slis.length + chosen.slos.length;
    const texts = function* () {
      for (const doc of chosen.documents()) yield documentText(doc);
    };
    const outcome = await writeOutputFile(pathOf(file), texts(), { mode: 0o600, replace });
    if (outcome === 'exists') {
      ctx.say(`${shownFile} is already there: :export! ${shownFile} replaces it.`, 'error');
      return;
    }
    const gone =
      chosen.missing.length > 0 ? ` (${counted(chosen.missing.length, 'was', 'were')} deleted elsewhere)` : '';
    ctx.say(`Exported ${counted(written, def.kind, def.plural)} to ${shownFile} as OpenSLO${gone}.`);
  };

  return (file, replace) => {
    if (running) {
      ctx.say('An export is under way: wait for it to finish.', 'error');
      return;
    }
    running = true;
    run(file, replace)
      .catch((error: unknown) => ctx.say(errorSentence(error), 'error'))
      .finally(() => {
        running = false;
      });
  };
}
