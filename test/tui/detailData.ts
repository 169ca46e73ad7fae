/**
 * The records the detail screen's tests read (detail.test.ts over the driver,
 * detail.int.test.tsx through Ink on a sandbox fed this data file): every
 * field, unknown ones too, long text, queries, and times relative to FIXED_NOW.
 */
export const CREATED = '2025-05-29T12:00:00.000Z'; // 3 days before FIXED_NOW
export const UPDATED = '2025-06-01T09:00:00.000Z'; // 3 hours before

const LONG_TEXT = Array.from(
  { length: 30 },
  (_, i) => `Sentence ${i + 1} of a long description that has to scroll.`,
).join(' ');

const sli = (n: number, extra: Record<string, unknown> = {}) => ({
  id: `sli-${String(n).padStart(6, '0')}`,
  name: `indicator ${n}`,
  type: 'availability',
  description: `Indicator number ${n}.`,
  unit_of_measure: '%',
  queries: { total: { select: 'count(*)', from: 'http_requests', where: "service = 'x'", limit: 1 } },
  formula: 'good / total',
  created_at: CREATED,
  updated_at: UPDATED,
  ...extra,
});

export const DATA = {
  format: 'slotui-sandbox-data',
  version: 1,
  collections: {
    slis: {
      nextNumber: 40,
      records: [
        sli(1, {
          name: 'Checkout availability',
          queries: {
            good: {
              select: 'count(*)',
              from: 'http_requests',
              where: "service = 'checkout' AND status < 500",
              limit: 1,
            },
            total: { select: 'count(*)', from: 'http_requests', where: "service = 'checkout'", limit: 10 },
          },
          // Fields the spec doesn't list: the detail view must show them anyway.
          owner_team: 'payments-oncall',
          runbook: { url: 'https://runbooks.example/checkout', steps: 3 },
          tags: ['critical', 'tier-1'],
        }),
        sli(2, { name: 'Long one', description: LONG_TEXT }),
        ...Array.from({ length: 30 }, (_, i) => sli(i + 3)),
      ],
    },
    slos: {
      nextNumber: 2,
      records: [
        {
          id: 'slo-000001',
          name: 'Checkout 99.9',
          description: 'Checkout stays up.',
          service_level_indicator_id: 'sli-000001',
          time_window_type: 'rolling',
          time_window_value: '30',
          time_window_unit: 'day',
          target_value: '99.9',
          target_unit: '%',
          interval: 300,
          on_missing_interval: 'ignore',
          benchmark_operator: '>=',
          benchmark_value: '99.9',
          created_at: CREATED,
          updated_at: UPDATED,
        },
      ],
    },
    organizations: {
      nextNumber: 2,
      records: [
        {
          id: 'org-000001',
          name: 'Payments',
          description: 'Takes the money.',
          created_at: CREATED,
          updated_at: UPDATED,
        },
      ],
    },
    agreements: {
      nextNumber: 3,
      records: [
        {
          id: 'agr-000001',
          name: 'Checkout agreement',
          organization_id: 'org-000001',
          slo_ids: ['slo-000001'],
          created_at: CREATED,
          updated_at: UPDATED,
        },
        {
          id: 'agr-000002',
          name: 'Stale agreement',
          organization_id: 'org-000001',
          // An SLO deleted since: the service keeps the id.
          slo_ids: ['slo-000001', 'slo-000404'],
          created_at: CREATED,
          updated_at: UPDATED,
        },
      ],
    },
  },
};
