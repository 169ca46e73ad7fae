/**
 * `profiles:` in settings.yaml: per-profile safety and refresh
 * (`profiles: { prod: { readOnly: true, refresh: 30s } }`).
 */
import type * as Zod from 'zod';
import { TRUE_OR_FALSE } from './truth.js';

/** A duration (`30s`, `2m`, `1h`; `0` or `off`: never) in milliseconds; NaN for anything else. */
export function durationMs(text: string): number {
  if (text === '0' || text === 'off') return 0;
  const match = /^(\d+(?:\.\d+)?)(s|m|h)$/.exec(text);
  return match
    ? Math.round(Number(match[1]) * { s: 1000, m: 60_000, h: 3_600_000 }[match[2] as 's' | 'm' | 'h'])
    : Number.NaN;
}

/** The colours a badge may have: the terminal's own eight, as every theme has them. */
const BADGE_COLORS = ['red', 'green', 'yellow', 'blue', 'magenta', 'cyan', 'white', 'gray'] as const;

/** What one profile's entry may say. */
function profileSchema(z: typeof Zod) {
  return z
    .strictObject({
      readOnly: z
        .boolean({ error: TRUE_OR_FALSE })
        .describe('Act as --read-only for this profile (the CLI too).')
        .optional(),
      refresh: z
        .string()
        .refine((text) => {
          const ms = durationMs(text);
          return ms === 0 || ms >= 1000;
        }, 'must be a duration of at least 1s, such as 30s, 2m or 1h, or 0 (or off) for never')
        .describe("The dashboard's refresh for this profile: 30s, 2m, 0 or off.")
        .optional(),
      badge: z
        .string()
        .regex(/^[\x21-\x7e][\x20-\x7e]{0,11}$/, 'a badge is 1 to 12 plain characters, such as PROD')
        .describe('A word shown first in the header for this profile: PROD.')
        .optional(),
      color: z.enum(BADGE_COLORS).describe("The badge's colour (inverse video under NO_COLOR).").optional(),
    })
    .describe('Per-profile safety, refresh and looks.');
}

export function profilesSection(z: typeof Zod) {
  return z.record(z.string(), profileSchema(z)).describe('Settings by profile name.').optional();
}
