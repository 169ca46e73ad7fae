/**
 * `views:` in settings.yaml: a resource → the columns of its list, built-in
 * ones by header or `HEADER:.field` (`views: { slos: { columns: [NAME,
 * TARGET, "BENCH:.benchmark_value"], sort: "BUDGET:asc" } }`), and the order
 * it opens in. Checked against the resources' columns in
 * src/presentation/views.ts.
 */
import type * as Zod from 'zod';

export function viewsSection(z: typeof Zod) {
  return z
    .record(
      z.string(),
      z.strictObject({
        columns: z
          .array(z.string().min(1))
          .min(1)
          .describe('The columns, in order: a built-in header or HEADER:.field.')
          .optional(),
        sort: z
          .string()
          .regex(/^[^:\s]+(:(asc|desc))?$/i, 'a sort is COLUMN, COLUMN:asc or COLUMN:desc')
          .describe('The order the list opens in: a column of the list, then :asc (the default) or :desc.')
          .optional(),
      }),
    )
    .describe("The columns of a resource's list in the dashboard.")
    .optional();
}
