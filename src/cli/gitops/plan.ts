/**
 * What `apply` and `diff` share: the file read and parsed, each document read
 * as a record, the service's SLIs and SLOs read, the plan made, and the plan
 * as lines (`+ ~ = !`, then a summary). Plan lines are prose: server and file
 * text in them is sanitised.
 */
import { SlotuiError } from '../../api/errors.js';
import { createSchemaOf, patchSchemaOf } from '../../api/schemas.js';
import type { ApiClient } from '../../api/types.js';
import { makePlan, SOURCE_OF_FIELD, type PlanEntry, type ReadItem, type RecordCheck } from '../../domain/gitopsPlan.js';
import { ANNOTATION, assignNames, readDocument, sliDocument, sloDocument } from '../../domain/openslo.js';
import { sanitizeLine } from '../../text/sanitize.js';
import { truncate } from '../format.js';
import { booleanFlag } from '../args.js';
import type { Context } from '../context.js';
import { readTextInput } from '../input.js';
import { countText } from '../progress.js';
import { readSlisAndSlos } from './records.js';
import { parseDocuments, type ParsedDocument } from './yaml.js';

/** An export of 100,000 SLIs is about 60 MB; a file many times that is not an OpenSLO file. */
const FILE_LIMIT = { maxBytes: 256 * 1024 * 1024, hint: 'split it into smaller files' };

export async function planFromFile(ctx: Context, client: ApiClient, file: string): Promise<PlanEntry[]> {
  if (file === '-' && ctx.stdinIsTerminal) ctx.err.line('Reading the YAML from stdin; end it with Ctrl+D.');
  const { text, name } = await readTextInput(file, ctx.io.stdin, FILE_LIMIT);
  // An export of 100,000 SLIs takes most of a minute to read: a progress line says how far it is.
  const progress = ctx.progress();
  let parsed: ParsedDocument[];
  try {
    parsed = parseDocuments(text, name, {
      onDocument: (done, total) => progress.update(countText('Reading documents', done, total)),
    });
  } finally {
    progress.clear();
  }
  const items: ReadItem[] = parsed.map((entry) =>
    'error' in entry
      ? { ok: false, document: entry.document, reason: entry.error }
      : { ...readDocument(entry.value), document: entry.document },
  );
  if (items.length === 0) {
    throw new SlotuiError(
      'validation',
      `${sanitizeLine(name)} holds no OpenSLO documents; nothing to do. Try \`slotui export\` for an example.`,
    );
  }
  const current = await readSlisAndSlos(
    client,
    { slis: true, slos: items.some((i) => i.kind === 'SLO') },
    ctx.progress(),
  );
  return makePlan(items, current, checkRecord);
}

/**
 * The plan that makes the current profile's SLIs and SLOs like profile `source`'s: its records as
 * OpenSLO documents without their ids (records are matched by name, not by ids of another
 * service), SLOs naming their SLI by name, so references follow the names. The source is read
 * through a read-only client: nothing of it is ever written.
 */
export async function planFromProfile(ctx: Context, client: ApiClient, source: string): Promise<PlanEntry[]> {
  const sourceSettings = { ...ctx.settings(source), readOnly: true };
  if (sourceSettings.profileName === ctx.settings().profileName)
    throw new SlotuiError('validation', `--from-profile ${sanitizeLine(source)} is the profile in use; name another.`);
  const sourceClient = await ctx.connect(sourceSettings);
  const theirs = await readSlisAndSlos(sourceClient, { slis: true, slos: true }, ctx.progress());
  const sliNames = assignNames(theirs.slis);
  const sloNames = assignNames(theirs.slos);
  const withoutIds = (doc: ReturnType<typeof sliDocument>) => {
    const { [ANNOTATION.id]: _id, [ANNOTATION.indicatorId]: _sli, ...annotations } = doc.metadata.annotations;
    return { ...doc, metadata: { ...doc.metadata, annotations } };
  };
  const documents = [
    ...theirs.slis.map((sli) => withoutIds(sliDocument(sli, sliNames.get(sli.id)!))),
    ...theirs.slos.map((slo) => {
      const sliId = typeof slo.service_level_indicator_id === 'string' ? slo.service_level_indicator_id : undefined;
      return withoutIds(sloDocument(slo, sloNames.get(slo.id)!, sliId === undefined ? undefined : sliNames.get(sliId)));
    }),
  ];
  const items: ReadItem[] = documents.map((doc, i) => ({ ...readDocument(doc), document: i + 1 }));
  const current = await readSlisAndSlos(client, { slis: true, slos: true }, ctx.progress());
  return makePlan(items, current, checkRecord);
}

/** The registry's create schema (every field optional for an update), as one clause naming the fields it refuses. */
const checkRecord: RecordCheck = (resource, body, mode) => {
  const schema = mode === 'update' ? patchSchemaOf(resource) : createSchemaOf(resource);
  const result = schema.safeParse(body);
  if (result.success) return undefined;
  const parts = result.error.issues.slice(0, 3).map((issue) => {
    const field = issue.path.map(String).join('.') || '(record)';
    const top = String(issue.path[0] ?? '');
    const missing = issue.code === 'invalid_type' && issue.path.length === 1 && !Object.hasOwn(body, top);
    const where = Object.hasOwn(SOURCE_OF_FIELD, top) ? ` (${SOURCE_OF_FIELD[top]})` : '';
    const message = missing
      ? 'missing'
      : issue.message
          .replace(/[^\x20-\x7e]/g, '')
          .replace(/\.$/, '')
          .slice(0, 80);
    return `${field}${where}: ${message}`;
  });
  const more = result.error.issues.length > 3 ? `; and ${result.error.issues.length - 3} more` : '';
  return `it does not fit a slotui record (${parts.join('; ')}${more})`;
};

const SIGN = { create: '+', update: '~', unchanged: '=', refused: '!' } as const;

const shown = (text: string, max = 80): string => truncate(sanitizeLine(text), max);

function valueText(value: unknown): string {
  if (value === undefined || value === null) return '(none)';
  return shown(typeof value === 'string' && value.startsWith('(the new SLI') ? value : JSON.stringify(value), 60);
}

function planLine(entry: PlanEntry): string {
  const kind = entry.resource ? entry.kind.toLowerCase() : shown(entry.kind, 20);
  const head = `${SIGN[entry.action]} ${kind ? `${kind} ` : ''}${shown(entry.name)}${entry.id !== undefined ? ` (${shown(entry.id, 40)})` : ''}`;
  if (entry.action === 'refused') return `${head}: ${shown(entry.reason ?? '', 300)}`;
  if (entry.action === 'update')
    return `${head}: ${entry.changes.map((c) => `${shown(c.field, 40)} ${valueText(c.from)} → ${valueText(c.to)}`).join(', ')}`;
  return head;
}

export interface PlanCounts {
  create: number;
  update: number;
  unchanged: number;
  refused: number;
}

export function countPlan(plan: readonly PlanEntry[]): PlanCounts {
  const counts: PlanCounts = { create: 0, update: 0, unchanged: 0, refused: 0 };
  for (const entry of plan) counts[entry.action]++;
  return counts;
}

function planSummary(counts: PlanCounts): string {
  return `Plan: ${counts.create} to create, ${counts.update} to change, ${counts.unchanged} unchanged, ${counts.refused} refused.`;
}

export interface PlanTextOptions {
  /** `-v`: unchanged documents get a line too (by default only changes do, as kubectl diff shows). */
  verbose: boolean;
  /** On a terminal without NO_COLOR: the sign coloured by what it does. */
  color: boolean;
}

const SIGN_COLOR = { create: '32', update: '33', unchanged: '2', refused: '31' } as const;

/** The plan's lines, changes only unless verbose, then a summary that counts everything. */
export function planText(plan: readonly PlanEntry[], options: PlanTextOptions): string {
  const shownEntries = options.verbose ? plan : plan.filter((entry) => entry.action !== 'unchanged');
  const lines = shownEntries.map((entry) => {
    const line = planLine(entry);
    return options.color ? `\x1b[${SIGN_COLOR[entry.action]}m${line.slice(0, 1)}\x1b[0m${line.slice(1)}` : line;
  });
  return `${[...lines, planSummary(countPlan(plan))].join('\n')}\n`;
}

/** How the context asks for the plan: `-v`, and colour only on a terminal that allows it. */
export function planTextOptions(ctx: Context): PlanTextOptions {
  return { verbose: booleanFlag(ctx.flags, 'verbose'), color: ctx.stdoutIsTerminal && !ctx.io.env.NO_COLOR };
}
