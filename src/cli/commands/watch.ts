/**
 * `slotui watch <resource> [--interval DURATION] [-o json]`: reads the whole
 * list every interval and prints one line a change from the second read on
 * (`+` added, `~` changed with each field old → new, `-` deleted), or one JSON
 * object a line: the audit feed of an incident. Runs until Ctrl+C or SIGTERM
 * (exit 0); a failed read is one line on stderr, and the next read follows.
 */
import { isSlotuiError } from '../../api/errors.js';
import type { ApiRecord } from '../../api/record.js';
import type { ResourceView } from '../../presentation/resources.js';
import type { ApiClient } from '../../api/types.js';
import { diffRecords, type RecordChange } from '../../domain/recordChanges.js';
import { parseDuration } from '../../domain/sloMath.js';
import { sanitizeLine } from '../../text/sanitize.js';
import { stringFlag, usageError } from '../args.js';
import type { Context } from '../context.js';
import { terminalSafeJson } from '../format.js';
import { nameOf, outputFormat } from '../output.js';
import { ALL_PAGE_SIZE } from './list.js';
import { resourceArg } from './shared.js';

const DEFAULT_INTERVAL_S = 10;
/** Below a second, watching is a load test of the service. */
const MIN_INTERVAL_S = 1;
/** A day: beyond it a typo (and timers overflow past 24.8 days). */
const MAX_INTERVAL_S = 86_400;

export async function watchCommand(ctx: Context, [word = '']: string[]): Promise<number> {
  const def = resourceArg(word, 'watch', ctx.registry);
  const intervalMs = intervalOption(ctx) * 1000;
  const format = outputFormat(ctx, 'watch');
  if (format !== 'table' && format !== 'json')
    throw usageError('watch prints lines, or JSON lines with -o json.', 'watch');
  const client = await ctx.connect(ctx.settings());
  const stop = stopSignal(ctx);
  const print = format === 'json' ? jsonLine : textLine;
  let last: Map<string, ApiRecord> | undefined;
  while (!stop.aborted) {
    try {
      const now = await readAll(client, def, stop);
      if (last === undefined && ctx.io.stderr.isTTY === true)
        ctx.err.line(`Watching ${now.size} ${def.plural} every ${intervalMs / 1000}s; Ctrl+C ends.`);
      if (last !== undefined) for (const change of diffRecords(last, now)) await ctx.out.write(print(def, change));
      last = now;
    } catch (error) {
      if (stop.aborted) break;
      if (!isSlotuiError(error)) throw error;
      ctx.err.line(
        `slotui: reading ${def.plural} failed: ${sanitizeLine(error.message)} Trying again in ${intervalMs / 1000}s.`,
      );
    }
    await pause(intervalMs, stop);
  }
  return 0;
}

function intervalOption(ctx: Context): number {
  const text = stringFlag(ctx.flags, 'interval');
  if (text === undefined) return DEFAULT_INTERVAL_S;
  const parsed = parseDuration(text);
  if (!parsed.ok) throw usageError(`--interval: ${parsed.reason}.`, 'watch');
  if (parsed.value < MIN_INTERVAL_S || parsed.value > MAX_INTERVAL_S)
    throw usageError('--interval must be from 1s to 24h, such as 10s or 1m.', 'watch');
  return parsed.value;
}

/** Ctrl+C and SIGTERM end the watch (or the signal a caller gives): what is under way is aborted. */
function stopSignal(ctx: Context): AbortSignal {
  if (ctx.io.signal) return ctx.io.signal;
  const controller = new AbortController();
  const stop = () => {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    controller.abort();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return controller.signal;
}

async function readAll(client: ApiClient, def: ResourceView, signal: AbortSignal): Promise<Map<string, ApiRecord>> {
  const records = new Map<string, ApiRecord>();
  for await (const page of client.pages(def.name, { limit: ALL_PAGE_SIZE, signal }))
    for (const record of page.results) records.set(record.id, record);
  return records;
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

const valueText = (value: unknown): string => (value === undefined ? '(none)' : terminalSafeJson(value));

/** `+ slo/slo-000031 checkout-api latency`, `~ slo/slo-000001 target_value "99.9" → "99.95"`, `- slo/slo-000007`. */
function textLine(def: ResourceView, change: RecordChange): string {
  const which = nameOf(def, change.record);
  switch (change.type) {
    case 'added':
      return `+ ${which} ${sanitizeLine(String(change.record.name ?? ''))}\n`;
    case 'changed': {
      const fields = Object.entries(change.changes).map(
        ([field, [old, now]]) => `${sanitizeLine(field)} ${valueText(old)} → ${valueText(now)}`,
      );
      return `~ ${which} ${fields.join(', ')}\n`;
    }
    case 'deleted':
      return `- ${which}\n`;
  }
}

/** `{"type","resource","id","name","changes":{"field":[old,new]}}`, an absent value as null. */
function jsonLine(def: ResourceView, change: RecordChange): string {
  const line: Record<string, unknown> = {
    type: change.type,
    resource: def.name,
    id: change.id,
    name: change.record.name ?? null,
  };
  if (change.type === 'changed')
    line.changes = Object.fromEntries(
      Object.entries(change.changes).map(([field, [old, now]]) => [field, [old ?? null, now ?? null]]),
    );
  return `${terminalSafeJson(line)}\n`;
}
