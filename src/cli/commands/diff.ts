/**
 * `slotui diff -f FILE`: the plan of `apply -f FILE`, nothing sent. Exit 0
 * when nothing would change, 3 when something would (refused documents count:
 * the file and the service do not agree).
 */
import type { Context } from '../context.js';
import { countPlan, planText, planTextOptions } from '../gitops/plan.js';
import { fileOption, planFor } from './apply.js';

/** A check found something (interface: exit codes). */
export const EXIT_FOUND = 3;

export async function diffCommand(ctx: Context): Promise<number> {
  return runDiff(ctx, { file: fileOption(ctx, 'diff') });
}

export async function runDiff(ctx: Context, options: { file: string }): Promise<number> {
  const client = await ctx.connect(ctx.settings());
  const plan = await planFor(ctx, client, options.file);
  await ctx.out.write(planText(plan, planTextOptions(ctx)));
  const counts = countPlan(plan);
  return counts.create + counts.update + counts.refused > 0 ? EXIT_FOUND : 0;
}
