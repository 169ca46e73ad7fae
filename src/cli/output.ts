/**
 * `-o json|yaml|wide|name` for list and get (kubectl's output formats;
 * `--json` is `-o json`). Records are written as they arrive, so `list --all`
 * streams in every format:
 * - table: fitted to the terminal; into a pipe every column whole, two spaces apart;
 * - wide: every column, the registry's wide ones too, nothing cut;
 * - name: `<resource>/<id>` a line;
 * - json: one array (`[` + records separated by `,\n` + `]`);
 * - yaml: one sequence; strings YAML 1.1 would read as something else are
 *   quoted, so every parser reads the data back exactly.
 */
import type { Column, ResourceView } from '../presentation/resources.js';
import { customColumns } from './customColumns.js';
import type { ApiRecord } from '../api/record.js';
import { booleanFlag, stringFlag, usageError } from './args.js';
import type { Context } from './context.js';
import {
  detailListing,
  layoutTable,
  layoutWhole,
  tableHeader,
  tableRow,
  terminalSafeJson,
  terminalSafeText,
  type TableLayout,
} from './format.js';
import { clipNesting } from '../api/nesting.js';
import { isKnownOnly } from '../api/validate.js';
import { escapeCodePoint, toYaml } from '../text/yaml.js';

export const OUTPUT_FORMATS = ['json', 'yaml', 'wide', 'name'] as const;
export type OutputFormat = 'table' | (typeof OUTPUT_FORMATS)[number] | { customColumns: Column[] };

/** The format asked for with -o or --json (usage error for an unknown one or two that disagree). */
export function outputFormat(ctx: Context, command: string): OutputFormat {
  const json = booleanFlag(ctx.flags, 'json');
  const asked = stringFlag(ctx.flags, 'output')?.trim();
  const output = asked?.toLowerCase();
  if (output === undefined) return json ? 'json' : 'table';
  if (output.startsWith('custom-columns=')) {
    if (json) throw usageError('--json and -o custom-columns ask for two formats; give one.', command);
    return { customColumns: customColumns(asked!.slice('custom-columns='.length), command) };
  }
  if (!(OUTPUT_FORMATS as readonly string[]).includes(output)) {
    const shown = output.replace(/[^\x20-\x7e]/g, '?').slice(0, 20);
    throw usageError(`-o must be one of ${OUTPUT_FORMATS.join(', ')}, custom-columns=… (got "${shown}").`, command);
  }
  if (json && output !== 'json') throw usageError(`--json and -o ${output} ask for two formats; give one.`, command);
  return output as OutputFormat;
}

/** Formats that carry the data for a program (no prose anywhere, `[]` when empty). */
export const isDataFormat = (format: OutputFormat): boolean => format === 'json' || format === 'yaml';

export interface RecordSink {
  add(records: readonly ApiRecord[]): Promise<void>;
  end(): Promise<void>;
}

export function recordSink(ctx: Context, def: ResourceView, format: OutputFormat): RecordSink {
  if (typeof format === 'object') return new TableSink(ctx, def, false, format.customColumns);
  switch (format) {
    case 'json':
      return new JsonArraySink(ctx);
    case 'yaml':
      return new YamlSequenceSink(ctx);
    case 'name':
      return {
        add: (records) => ctx.out.write(records.map((r) => `${nameOf(def, r)}\n`).join('')),
        end: async () => {},
      };
    default:
      return new TableSink(ctx, def, format === 'wide');
  }
}

/**
 * `slo/slo-000001`, as kubectl's `-o name`: one record, one line, always. An
 * id's control and format characters (a newline would make two names of one
 * record for `xargs`, an escape sequence would act on the terminal) are written
 * as `\uXXXX`, never raw.
 */
export const nameOf = (def: ResourceView, record: ApiRecord): string =>
  `${def.singular}/${record.id.replace(UNSAFE_IN_NAME, escapeCodePoint)}`;

// eslint-disable-next-line no-control-regex
const UNSAFE_IN_NAME = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]|\p{Cf}/gu;

/** One record in the format asked for (get, create, update). */
export async function printRecord(
  ctx: Context,
  def: ResourceView,
  record: ApiRecord,
  format: OutputFormat,
): Promise<void> {
  if (format === 'json') return ctx.out.write(`${terminalSafeJson(record, 2)}\n`);
  if (format === 'yaml') return ctx.out.write(toYaml(record));
  if (format === 'name') return ctx.out.write(`${nameOf(def, record)}\n`);
  if (typeof format === 'object') {
    const sink = recordSink(ctx, def, format);
    await sink.add([record]);
    return sink.end();
  }
  return ctx.out.write(detailListing(def, record));
}

/** `[` + records separated by `,\n` + `]`: valid JSON however many pages arrive. */
class JsonArraySink implements RecordSink {
  private any = false;
  private ended = false;

  constructor(private readonly ctx: Context) {}

  async add(records: readonly ApiRecord[]): Promise<void> {
    if (records.length === 0) return;
    // Each record as terminalSafeJson writes it; the characters to escape are looked for once in the page.
    // A page of records with only their known fields nests three levels: nothing to measure or cut.
    const knownOnly = isKnownOnly(records);
    const parts = records.map(
      (record, index) =>
        `${this.any || index > 0 ? ',\n' : '[\n'}${JSON.stringify(knownOnly ? record : clipNesting(record))}`,
    );
    this.any = true;
    await this.ctx.out.write(terminalSafeText(parts.join('')));
  }

  async end(): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    await this.ctx.out.write(this.any ? '\n]\n' : '[]\n');
  }
}

/** Items of one YAML sequence, page after page; `[]` when there are none. */
class YamlSequenceSink implements RecordSink {
  private any = false;

  constructor(private readonly ctx: Context) {}

  async add(records: readonly ApiRecord[]): Promise<void> {
    if (records.length === 0) return;
    this.any = true;
    await this.ctx.out.write(toYaml(records));
  }

  async end(): Promise<void> {
    if (!this.any) await this.ctx.out.write('[]\n');
  }
}

/** The header and column widths come from the first page; later pages follow them. */
class TableSink implements RecordSink {
  private layout: TableLayout | undefined;

  constructor(
    private readonly ctx: Context,
    private readonly def: ResourceView,
    private readonly wide: boolean,
    private readonly custom?: readonly Column[],
  ) {}

  async add(records: readonly ApiRecord[]): Promise<void> {
    if (records.length === 0) return;
    let text = '';
    if (!this.layout) {
      this.layout = this.layoutFor(records);
      text += tableHeader(this.layout);
    }
    const layout = this.layout;
    text += records.map((record) => tableRow(layout, record)).join('');
    await this.ctx.out.write(text);
  }

  /** An empty list prints nothing here: the command says "No SLIs found" on stderr, as kubectl does. */
  async end(): Promise<void> {}

  private layoutFor(records: readonly ApiRecord[]): TableLayout {
    const now = this.ctx.now().getTime();
    if (this.custom) return layoutWhole(this.custom, records, now);
    if (this.wide) return layoutWhole([...this.def.columns, ...(this.def.wideColumns ?? [])], records, now);
    const columns = this.ctx.io.stdout.columns;
    // Into a pipe nothing is cut, so `grep` and `awk` see whole names.
    if (!this.ctx.stdoutIsTerminal || !columns || columns <= 0) return layoutWhole(this.def.columns, records, now);
    return layoutTable(this.def, records, columns, now);
  }
}
