/**
 * `slotui lint [--json]`: every SLO and SLI checked by the rules of
 * src/domain/lint.ts. One finding a line, `<severity> <resource>/<id> <rule>
 * <message>` (prose: sanitised), or a JSON array. Exit 3 when there are
 * errors (warnings alone: 0).
 */
import { lintRecords } from '../../domain/lint.js';
import { sanitizeLine } from '../../text/sanitize.js';
import { booleanFlag } from '../args.js';
import type { Context } from '../context.js';
import { terminalSafeJson } from '../format.js';
import { readSlisAndSlos } from '../gitops/records.js';
import { EXIT_FOUND } from './diff.js';

export async function lintCommand(ctx: Context): Promise<number> {
  return runLint(ctx, { json: booleanFlag(ctx.flags, 'json') });
}

export async function runLint(ctx: Context, options: { json: boolean }): Promise<number> {
  const client = await ctx.connect(ctx.settings());
  const { slis, slos } = await readSlisAndSlos(client, { slis: true, slos: true }, ctx.progress());
  const findings = lintRecords(slis, slos, ctx.now());
  if (options.json) {
    await ctx.out.write(`${terminalSafeJson(findings, 2)}\n`);
  } else {
    await ctx.out.write(
      findings
        .map((f) => `${f.severity} ${f.resource}/${sanitizeLine(f.id)} ${f.rule} ${sanitizeLine(f.message)}\n`)
        .join(''),
    );
  }
  const errors = findings.filter((f) => f.severity === 'error').length;
  const warnings = findings.length - errors;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  ctx.err.line(
    `${plural(errors, 'error')}, ${plural(warnings, 'warning')} in ${plural(slos.length, 'SLO')} and ${plural(slis.length, 'SLI')}.`,
  );
  return errors > 0 ? EXIT_FOUND : 0;
}
