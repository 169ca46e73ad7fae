/**
 * `slotui rules <slo-id>... --query-map FILE [--format prometheus|sloth|pyrra]`:
 * the alert rules of SLOs, from the same math as `slotui alerts`
 * (src/domain/alertRules.ts), with the PromQL of each SLO's SLI taken from a
 * query map. Nothing is sent to the service but reads. An SLO whose SLI has
 * no entry in the map: exit 3 naming it, nothing on stdout.
 */
import { Document, type YAMLMap, type YAMLSeq } from 'yaml';
import { SlotuiError } from '../../api/errors.js';
import type { ApiRecord } from '../../api/record.js';
import {
  prometheusGroup,
  pyrraNotes,
  pyrraObject,
  ruleNotes,
  slothNotes,
  slothSpecs,
  WINDOW_PLACEHOLDER,
  type RuleSubject,
  type SliQueries,
} from '../../domain/alertRules.js';
import { alertTiers, budgetOf } from '../../domain/sloMath.js';
import { sanitizeLine } from '../../text/sanitize.js';
import { stringFlag, usageError } from '../args.js';
import type { Context } from '../context.js';
import { readTextInput } from '../input.js';
import { parseDocuments } from '../gitops/yaml.js';
import { EXIT_FOUND } from './diff.js';
import { describeSlo } from './slo-budget.js';

const FORMATS = ['prometheus', 'sloth', 'pyrra'] as const;
type RulesFormat = (typeof FORMATS)[number];
/** A query map is a few lines an SLI. */
const MAP_LIMIT = { maxBytes: 4 * 1024 * 1024, hint: 'a query map holds a few lines an SLI' };
const QUERY_FIELDS = ['errors', 'total', 'service', 'errorsMetric', 'totalMetric'] as const;

export async function rulesCommand(ctx: Context, ids: string[]): Promise<number> {
  if (ids.length === 0) throw usageError('Name the SLOs: `slotui rules <slo-id>... --query-map FILE`.', 'rules');
  const format = (stringFlag(ctx.flags, 'format') ?? 'prometheus').toLowerCase();
  if (!(FORMATS as readonly string[]).includes(format))
    throw usageError(
      `--format must be one of ${FORMATS.join(', ')} (got "${sanitizeLine(format).slice(0, 20)}").`,
      'rules',
    );
  const mapFile = stringFlag(ctx.flags, 'query-map');
  if (!mapFile) throw usageError('`slotui rules` needs --query-map FILE (the PromQL of each SLI).', 'rules');
  const queries = await readQueryMap(ctx, mapFile);

  const client = await ctx.connect(ctx.settings());
  const subjects: RuleSubject[] = [];
  const missing: string[] = [];
  for (const id of ids) {
    const slo = await client.get('slos', id);
    const result = budgetOf(slo, ctx.now());
    if (!result.ok)
      throw new SlotuiError(
        'validation',
        `${describeSlo(slo)} has no error budget: ${result.field}: ${result.reason}.`,
      );
    const sliId = typeof slo.service_level_indicator_id === 'string' ? slo.service_level_indicator_id : undefined;
    const sli: ApiRecord | undefined = sliId === undefined ? undefined : await client.get('slis', sliId);
    const sliName = typeof sli?.name === 'string' ? sli.name : undefined;
    const entry =
      (sliId !== undefined ? queries.get(sliId) : undefined) ??
      (sliName !== undefined ? queries.get(sliName) : undefined);
    if (!entry) {
      const which =
        sliId === undefined
          ? 'has no SLI'
          : `its SLI ${sanitizeLine(sliId)}${sliName ? ` (${sanitizeLine(sliName)})` : ''} has no entry`;
      missing.push(`${describeSlo(slo)}: ${which} in ${sanitizeLine(mapFile)}`);
      continue;
    }
    const budget = result.budget;
    subjects.push({
      id: slo.id,
      name: sanitizeLine(String(slo.name ?? slo.id)),
      budget,
      tiers: alertTiers(budget),
      queries: entry,
    });
  }
  if (missing.length > 0) {
    for (const line of missing) ctx.err.line(`slotui: ${line}; add it under the SLI's id or name.`);
    return EXIT_FOUND;
  }
  const text = render(format as RulesFormat, subjects);
  if (typeof text !== 'string') {
    ctx.err.line(`slotui: ${text.problem}.`);
    return EXIT_FOUND;
  }
  await ctx.out.write(text);
  return 0;
}

/** The query map: per SLI id or name, `errors` and `total` PromQL with {{window}}. */
async function readQueryMap(ctx: Context, file: string): Promise<Map<string, SliQueries>> {
  const { text, name } = await readTextInput(file, ctx.io.stdin, MAP_LIMIT);
  const [parsed] = parseDocuments(text, name);
  if (parsed && 'error' in parsed) throw new SlotuiError('validation', `${sanitizeLine(name)}: ${parsed.error}.`);
  const value = parsed?.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new SlotuiError(
      'validation',
      `${sanitizeLine(name)} must map each SLI (id or name) to its errors and total PromQL; see \`slotui rules --help\`.`,
    );
  const map = new Map<string, SliQueries>();
  for (const [key, entry] of Object.entries(value)) {
    const where = `${sanitizeLine(name)}: ${sanitizeLine(key).slice(0, 80)}`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
      throw new SlotuiError('validation', `${where} must hold errors and total.`);
    const fields = entry as Record<string, unknown>;
    const unknown = Object.keys(fields).find((field) => !(QUERY_FIELDS as readonly string[]).includes(field));
    if (unknown !== undefined)
      throw new SlotuiError(
        'validation',
        `${where}: ${sanitizeLine(unknown).slice(0, 40)} is not one of ${QUERY_FIELDS.join(', ')}.`,
      );
    for (const field of QUERY_FIELDS) {
      if (fields[field] !== undefined && typeof fields[field] !== 'string')
        throw new SlotuiError('validation', `${where}: ${field} must be text.`);
    }
    for (const field of ['errors', 'total'] as const) {
      const query = fields[field];
      if (typeof query !== 'string' || !query.includes(WINDOW_PLACEHOLDER))
        throw new SlotuiError(
          'validation',
          `${where}: ${field} must be PromQL with ${WINDOW_PLACEHOLDER} where the range goes.`,
        );
    }
    map.set(key, fields as unknown as SliQueries);
  }
  return map;
}

const comment = (lines: readonly string[]) => lines.map((line) => ` ${sanitizeLine(line)}`).join('\n');
const HEADER = 'Generated by slotui rules from the SLO definitions (the same math as `slotui alerts`).';

function render(format: RulesFormat, subjects: readonly RuleSubject[]): string | { problem: string } {
  const text = (doc: Document) => doc.toString({ lineWidth: 0 });
  // Shared objects (the labels of every rule of an SLO) written out each time: no YAML anchors.
  const make = (value: unknown) => new Document(value, { aliasDuplicateObjects: false });
  if (format === 'prometheus') {
    const doc = make({ groups: subjects.map(prometheusGroup) });
    doc.commentBefore = comment([HEADER]);
    const groups = doc.get('groups', true) as YAMLSeq;
    groups.items.forEach((item, i) => {
      (item as YAMLMap).commentBefore = comment(ruleNotes(subjects[i]!));
    });
    return text(doc);
  }
  if (format === 'sloth') {
    return slothSpecs(subjects)
      .map((spec) => {
        const doc = make(spec);
        const inSpec = subjects.filter((s) => (s.queries.service ?? 'slotui') === spec.service);
        doc.commentBefore = comment([HEADER, ...inSpec.flatMap((s) => [...ruleNotes(s), ...slothNotes(s)])]);
        return `---\n${text(doc)}`;
      })
      .join('');
  }
  const docs: string[] = [];
  for (const subject of subjects) {
    const made = pyrraObject(subject);
    if ('problem' in made) return { problem: `${subject.name} (${subject.id}): ${made.problem}` };
    const doc = make(made.object);
    doc.commentBefore = comment([HEADER, ...ruleNotes(subject), ...pyrraNotes(subject)]);
    docs.push(`---\n${text(doc)}`);
  }
  return docs.join('');
}
