/**
 * `slotui export [slis|slos] [<id>...] [--out FILE]`: SLIs and SLOs as
 * OpenSLO v1 YAML documents (the mapping is src/domain/openslo.ts), SLIs
 * first. Every SLI (and SLO) is read even when a few are named, because a
 * document's name must be the same whatever else is exported.
 *
 * --out writes a temporary file beside FILE and renames it over FILE once
 * complete, so FILE is never left half written (mode 0644: definitions, not
 * secrets, meant for git). A FILE that is there and is not a regular file (a
 * FIFO, a device, /dev/stdout) is written into instead, never replaced.
 */
import { randomBytes } from 'node:crypto';
import { open, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { SlotuiError } from '../../api/errors.js';
import type { ApiRecord } from '../../api/record.js';
import { assignNames, sliDocument, sloDocument, toV2alpha, type OpenSloDocument } from '../../domain/openslo.js';
import type { GitopsResource } from '../../domain/gitopsPlan.js';
import { sanitizeLine } from '../../text/sanitize.js';
import { stringFlag, usageError } from '../args.js';
import type { Context } from '../context.js';
import { truncate } from '../format.js';
import { readSlisAndSlos } from '../gitops/records.js';
import { documentText } from '../gitops/yaml.js';
import { countText, type ProgressReporter } from '../progress.js';

export interface ExportOptions {
  /** Only this resource; undefined: both. */
  resource?: GitopsResource;
  /** Only these records (of either resource when no resource is given). */
  ids: string[];
  out?: string;
  /** `--openslo v2alpha`: the draft's documents instead of v1's. */
  version?: 'v1' | 'v2alpha';
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
  const wantSlis = options.resource !== 'slos';
  const wantSlos = options.resource !== 'slis';
  // SLO documents name their SLI, so SLIs are read for every export.
  const { slis, slos } = await readSlisAndSlos(client, { slis: true, slos: wantSlos }, ctx.progress());
  const sliNames = assignNames(slis);
  const sloNames = assignNames(slos);

  let chosenSlis = wantSlis ? slis : [];
  let chosenSlos = slos;
  if (options.ids.length > 0) {
    const wanted = new Set(options.ids);
    chosenSlis = chosenSlis.filter((r) => wanted.has(r.id));
    chosenSlos = chosenSlos.filter((r) => wanted.has(r.id));
    const found = new Set([...chosenSlis, ...chosenSlos].map((r) => r.id));
    const missing = options.ids.filter((id) => !found.has(id));
    if (missing.length > 0) {
      const what = options.resource === 'slis' ? 'SLI' : options.resource === 'slos' ? 'SLO' : 'SLI or SLO';
      const list = missing
        .slice(0, 3)
        .map((id) => truncate(sanitizeLine(id), 60))
        .join(', ');
      throw new SlotuiError(
        'not-found',
        `No ${what} has the id ${list}${missing.length > 3 ? ` (and ${missing.length - 3} more)` : ''}; nothing was exported.`,
      );
    }
  }

  const total = chosenSlis.length + chosenSlos.length;
  // Documents printed on the terminal would land on the progress line: it is drawn only for a pipe or --out.
  const progress: ProgressReporter =
    options.out === undefined && ctx.stdoutIsTerminal ? { update() {}, clear() {} } : ctx.progress();
  const as = (doc: OpenSloDocument) => (options.version === 'v2alpha' ? toV2alpha(doc) : doc);
  const documents = function* (): Generator<unknown> {
    let written = 0;
    for (const sli of chosenSlis) {
      progress.update(countText('Writing documents', written++, total));
      yield as(sliDocument(sli, sliNames.get(sli.id)!));
    }
    for (const slo of chosenSlos) {
      progress.update(countText('Writing documents', written++, total));
      yield as(sloDocument(slo, sloNames.get(slo.id)!, indicatorName(slo, sliNames)));
    }
  };
  try {
    if (options.out !== undefined) await writeOut(options.out, documents());
    else for (const doc of documents()) await ctx.out.write(documentText(doc));
  } finally {
    progress.clear();
  }

  if (options.resource === undefined && options.ids.length === 0) {
    ctx.err.line('Organizations and agreements have no OpenSLO kind and were left out.');
  }
  const where = options.out !== undefined ? ` to ${truncate(sanitizeLine(options.out), 120)}` : '';
  ctx.err.line(`Exported ${count(chosenSlis.length, 'SLI')} and ${count(chosenSlos.length, 'SLO')}${where}.`);
  return 0;
}

function indicatorName(slo: ApiRecord, sliNames: Map<string, string>): string | undefined {
  const id = slo.service_level_indicator_id;
  return typeof id === 'string' || typeof id === 'number' ? sliNames.get(String(id)) : undefined;
}

const count = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * A regular file (or a new one) is written whole or not at all; anything else
 * that is there (a FIFO a reader waits on, a device, `/dev/stdout`) is written
 * into, never replaced by a file of our own.
 */
async function writeOut(file: string, documents: Iterable<unknown>): Promise<void> {
  const existing = await stat(file).catch(() => undefined);
  if (existing && !existing.isFile() && !existing.isDirectory()) await writeInto(file, documents);
  else await writeFileAtomically(file, documents);
}

async function writeInto(file: string, documents: Iterable<unknown>): Promise<void> {
  let handle;
  try {
    handle = await open(file, 'w');
    for (const doc of documents) await handle.write(documentText(doc));
  } catch (error) {
    if (error instanceof SlotuiError) throw error;
    throw new SlotuiError('validation', `Cannot write ${sanitizeLine(file)}: ${fileProblem(error)}.`, { cause: error });
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

/** Writes the documents to a temporary file beside `file`, then renames it over `file`. */
async function writeFileAtomically(file: string, documents: Iterable<unknown>): Promise<void> {
  const temporary = join(dirname(file), `.${basename(file)}.${randomBytes(4).toString('hex')}.tmp`);
  let handle;
  try {
    handle = await open(temporary, 'wx', 0o644);
  } catch (error) {
    throw new SlotuiError('validation', `Cannot write ${sanitizeLine(file)}: ${fileProblem(error)}.`, { cause: error });
  }
  try {
    for (const doc of documents) await handle.write(documentText(doc));
    await handle.sync();
    await handle.close();
    await rename(temporary, file);
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(temporary, { force: true });
    if (error instanceof SlotuiError) throw error;
    throw new SlotuiError(
      'validation',
      `Cannot write ${sanitizeLine(file)}: ${fileProblem(error)}; the file was left as it was.`,
      { cause: error },
    );
  }
}

function fileProblem(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT'
    ? 'its folder does not exist'
    : code === 'EACCES' || code === 'EPERM'
      ? 'permission denied'
      : code === 'EISDIR'
        ? 'it is a folder'
        : code === 'ENOSPC'
          ? 'the disk is full'
          : (code ?? 'unknown error');
}
