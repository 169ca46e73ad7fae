/**
 * `slotui export [slis|slos] [<id>...] [--out FILE]`: SLIs and SLOs as
 * OpenSLO v1 YAML documents (the mapping is src/domain/openslo.ts, the
 * choice src/domain/opensloExport.ts), SLIs first. Every SLI (and SLO) is read even when a few are named, because a
 * document's name must be the same whatever else is exported.
 *
 * --out writes FILE whole or not at all (src/config/outputFile.ts; mode 0644:
 * definitions, not secrets, meant for git). A FILE that is there and is not a
 * regular file (a FIFO, a device, /dev/stdout) is written into, never replaced.
 */
import { SlotuiError } from '../../api/errors.js';
import { writeOutputFile } from '../../config/outputFile.js';
import { exportSelection, type OpenSloVersion } from '../../domain/opensloExport.js';
import type { GitopsResource } from '../../domain/gitopsPlan.js';
import { sanitizeLine } from '../../text/sanitize.js';
import { stringFlag, usageError } from '../args.js';
import type { Context } from '../context.js';
import { truncate } from '../format.js';
import { readSlisAndSlos } from '../gitops/records.js';
import { documentText } from '../../text/yaml.js';
import { countText, type ProgressReporter } from '../progress.js';

export interface ExportOptions {
  /** Only this resource; undefined: both. */
  resource?: GitopsResource;
  /** Only these records (of either resource when no resource is given). */
  ids: string[];
  out?: string;
  /** `--openslo v2alpha`: the draft's documents instead of v1's. */
  version?: OpenSloVersion;
}

export function exportOptions(ctx: Context, args: readonly string[]): ExportOptions {
  const [first, ...rest] = args;
  const def = first === undefined ? undefined : ctx.registry.resolve(first);
  const options: ExportOptions = { ids: def ? rest : [...args] };
  if (def) {
    if (def.name !== 'slis' && def.name !== 'slos') {
      throw usageError(
        `${def.title} have no OpenSLO kind, so they cannot be exported; export takes slis or slos.`,
        'export',
      );
    }
    options.resource = def.name;
  }
  const version = stringFlag(ctx.flags, 'openslo')?.trim().toLowerCase();
  if (version !== undefined) {
    if (version !== 'v1' && version !== 'v2alpha')
      throw usageError(
        `--openslo takes v1 (the default) or v2alpha (got "${sanitizeLine(version).slice(0, 20)}").`,
        'export',
      );
    options.version = version;
  }
  const out = stringFlag(ctx.flags, 'out');
  if (out !== undefined) {
    if (out.trim() === '' || out === '-')
      throw usageError('--out needs a file name (leave --out out to print to stdout).', 'export');
    options.out = out;
  }
  return options;
}

export async function exportCommand(ctx: Context, args: string[]): Promise<number> {
  return runExport(ctx, exportOptions(ctx, args));
}

export async function runExport(ctx: Context, options: ExportOptions): Promise<number> {
  const client = await ctx.connect(ctx.settings());
  // SLO documents name their SLI, so SLIs are read for every export.
  const all = await readSlisAndSlos(client, { slis: true, slos: options.resource !== 'slis' }, ctx.progress());
  const chosen = exportSelection(all, options);
  if (chosen.missing.length > 0) {
    const what = options.resource === 'slis' ? 'SLI' : options.resource === 'slos' ? 'SLO' : 'SLI or SLO';
    const list = chosen.missing
      .slice(0, 3)
      .map((id) => truncate(sanitizeLine(id), 60))
      .join(', ');
    const more = chosen.missing.length > 3 ? ` (and ${chosen.missing.length - 3} more)` : '';
    throw new SlotuiError('not-found', `No ${what} has the id ${list}${more}; nothing was exported.`);
  }

  const total = chosen.slis.length + chosen.slos.length;
  // Documents printed on the terminal would land on the progress line: it is drawn only for a pipe or --out.
  const progress: ProgressReporter =
    options.out === undefined && ctx.stdoutIsTerminal ? { update() {}, clear() {} } : ctx.progress();
  const texts = function* (): Generator<string> {
    let written = 0;
    for (const doc of chosen.documents()) {
      progress.update(countText('Writing documents', written++, total));
      yield documentText(doc);
    }
  };
  try {
    // Definitions, not secrets, meant for git: 0644.
    if (options.out !== undefined) await writeOutputFile(options.out, texts(), { mode: 0o644, replace: true });
    else for (const text of texts()) await ctx.out.write(text);
  } finally {
    progress.clear();
  }

  if (options.resource === undefined && options.ids.length === 0) {
    ctx.err.line('Organizations and agreements have no OpenSLO kind and were left out.');
  }
  const where = options.out !== undefined ? ` to ${truncate(sanitizeLine(options.out), 120)}` : '';
  ctx.err.line(`Exported ${count(chosen.slis.length, 'SLI')} and ${count(chosen.slos.length, 'SLO')}${where}.`);
  return 0;
}

const count = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
