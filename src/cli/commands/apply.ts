/**
 * `slotui apply -f FILE [--dry-run] [--yes]`: the plan of the file's
 * OpenSLO documents (src/domain/gitopsPlan.ts), then, when confirmed, one
 * POST per new record and one PATCH of the changed fields per changed record,
 * SLIs first. A request that fails does not stop the others (except an SLO
 * waiting for an SLI that could not be created); the output says what was
 * applied and what was not.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { SlotuiError, isSlotuiError } from '../../api/errors.js';
import { tryFileLock } from '../../config/lock.js';
import type { ApiClient } from '../../api/types.js';
import type { PlanEntry } from '../../domain/gitopsPlan.js';
import { sanitizeLine } from '../../text/sanitize.js';
import { booleanFlag, stringFlag, usageError } from '../args.js';
import type { Context } from '../context.js';
import { truncate } from '../format.js';
import { isYes, readLine } from '../input.js';
import { countPlan, planFromFile, planFromProfile, planText, planTextOptions } from '../gitops/plan.js';
import { countText } from '../progress.js';

export interface ApplyOptions {
  /** The OpenSLO file, or (`--from-profile`) the profile whose SLIs and SLOs to copy. */
  file: string;
  fromProfile?: string;
  dryRun: boolean;
  yes: boolean;
}

export function fileOption(ctx: Context, command: 'apply' | 'diff'): string {
  const file = stringFlag(ctx.flags, 'file');
  const from = stringFlag(ctx.flags, 'from-profile');
  if (from !== undefined) {
    if (file !== undefined) throw usageError(`-f and --from-profile are two sources; give one.`, command);
    if (from.trim() === '') throw usageError('--from-profile needs the name of a profile.', command);
    return '';
  }
  if (file === undefined || file === '')
    throw usageError(`\`slotui ${command}\` needs -f FILE (OpenSLO YAML, or "-" for stdin).`, command);
  return file;
}

/** The plan of -f FILE, or of --from-profile NAME. */
export function planFor(ctx: Context, client: ApiClient, file: string): Promise<PlanEntry[]> {
  const from = stringFlag(ctx.flags, 'from-profile');
  return from !== undefined ? planFromProfile(ctx, client, from) : planFromFile(ctx, client, file);
}

export async function applyCommand(ctx: Context): Promise<number> {
  return runApply(ctx, {
    file: fileOption(ctx, 'apply'),
    dryRun: booleanFlag(ctx.flags, 'dry-run'),
    yes: booleanFlag(ctx.flags, 'yes'),
  });
}

export async function runApply(ctx: Context, options: ApplyOptions): Promise<number> {
  const settings = ctx.settings();
  if (settings.readOnly && !options.dryRun) {
    throw new SlotuiError(
      'read-only',
      'Read-only mode (--read-only) is on, so nothing was applied. Add --dry-run to see the plan, or run without --read-only.',
    );
  }
  const client = await ctx.connect(settings);
  // Held from the plan to the last change: two applies at once would both plan to create the same records.
  const release = options.dryRun ? undefined : takeApplyLock(settings.configDir);
  try {
    return await planAndApply(ctx, client, options);
  } finally {
    release?.();
  }
}

async function planAndApply(ctx: Context, client: ApiClient, options: ApplyOptions): Promise<number> {
  const plan = await planFor(ctx, client, options.file);
  await ctx.out.write(planText(plan, planTextOptions(ctx)));
  const counts = countPlan(plan);
  const changes = plan.filter((e) => e.action === 'create' || e.action === 'update');
  const failed = counts.refused > 0 ? 1 : 0;
  if (options.dryRun) {
    ctx.err.line('Dry run: nothing was sent.');
    return failed;
  }
  if (changes.length === 0) {
    ctx.err.line(
      counts.refused > 0
        ? 'Nothing to apply besides the refused documents.'
        : 'Nothing to apply: the service already matches the file.',
    );
    return failed;
  }
  if (!options.yes) {
    // Answers come from stdin: not possible when the file itself came from there.
    const interactive = ctx.stdinIsTerminal && ctx.stdoutIsTerminal && options.file !== '-';
    if (!interactive)
      throw usageError(
        'Off a terminal (or with -f -), apply needs --yes to make these changes; nothing was applied.',
        'apply',
      );
    ctx.err.raw(`Apply ${changes.length} change${changes.length === 1 ? '' : 's'}? [y/N] `);
    if (!isYes(await readLine(ctx.io.stdin))) throw new SlotuiError('cancelled', 'Nothing was applied.');
  }
  return (await execute(ctx, client, changes)) || failed;
}

/**
 * The lock of `apply` (the config lock's sibling, `apply.lock` in the config
 * folder), or a refusal when another apply of this machine holds it. Applies
 * from other machines are not seen: the plan is made from what the service
 * holds when it is read.
 */
function takeApplyLock(configDir: string): () => void {
  const file = join(configDir, 'apply');
  let release: (() => void) | undefined;
  try {
    mkdirSync(configDir, { recursive: true, mode: 0o700 });
    release = tryFileLock(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new SlotuiError(
      'config',
      `The lock of apply (${file}.lock) cannot be taken (${code ?? 'unknown error'}). Set SLOTUI_CONFIG_DIR to a folder you can write; nothing was applied.`,
      { cause: error },
    );
  }
  if (!release) {
    throw new SlotuiError(
      'config',
      `Another slotui apply is running on this machine (it holds ${file}.lock): two at once would both create what the file adds. Wait for it to end and run this one again; nothing was applied. If none is running, remove ${file}.lock.`,
    );
  }
  return release;
}

/** Sends the changes in plan order; returns the exit code (0, 1, or 4 when the service refused the token). */
async function execute(ctx: Context, client: ApiClient, changes: readonly PlanEntry[]): Promise<number> {
  const createdIds = new Map<PlanEntry, string>();
  const notApplied: string[] = [];
  let applied = 0;
  let authFailure: SlotuiError | undefined;
  const progress = ctx.progress();
  const say = async (line: string): Promise<void> => {
    // Lines written to the same terminal must not land on the progress line.
    if (ctx.stdoutIsTerminal) progress.clear();
    await ctx.out.write(line);
  };
  try {
    for (const [index, entry] of changes.entries()) {
      progress.update(countText('Applying', index, changes.length));
      const label = `${entry.kind.toLowerCase()} ${truncate(sanitizeLine(entry.name), 80)}`;
      if (authFailure) {
        notApplied.push(label);
        continue;
      }
      const body = { ...entry.body };
      if (entry.sliFrom) {
        const sliId = createdIds.get(entry.sliFrom);
        if (sliId === undefined) {
          notApplied.push(`${label} (its SLI ${truncate(sanitizeLine(entry.sliFrom.name), 80)} was not created)`);
          continue;
        }
        body.service_level_indicator_id = sliId;
      }
      try {
        if (entry.action === 'create') {
          const record = await client.create(entry.resource!, body);
          createdIds.set(entry, record.id);
          await say(`created ${label} (${truncate(sanitizeLine(record.id), 40)})\n`);
        } else {
          await client.update(entry.resource!, entry.id!, body);
          await say(`updated ${label} (${truncate(sanitizeLine(entry.id!), 40)})\n`);
        }
        applied++;
      } catch (error) {
        if (!isSlotuiError(error)) throw error;
        progress.clear();
        ctx.err.line(
          `slotui: ${entry.action === 'create' ? 'creating' : 'updating'} ${label} failed: ${sanitizeLine(error.message)}`,
        );
        notApplied.push(label);
        // Every other request would be refused the same way.
        if (error.kind === 'auth') authFailure = error;
      }
    }
  } finally {
    progress.clear();
  }
  await ctx.out.write(`Applied ${applied} of ${changes.length} change${changes.length === 1 ? '' : 's'}.\n`);
  if (notApplied.length === 0) return 0;
  const list = notApplied.slice(0, 10).join(', ');
  ctx.err.line(`slotui: not applied: ${list}${notApplied.length > 10 ? ` and ${notApplied.length - 10} more` : ''}.`);
  return authFailure ? authFailure.exitCode : 1;
}
