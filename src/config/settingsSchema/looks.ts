/**
 * `theme:` and `colors:` in settings.yaml: the dashboard's colours. `dark`
 * (as shipped), `light` (notes readable on a light background), `none` (no
 * colour); `colors` overrides a role. NO_COLOR wins over both.
 */
import type * as Zod from 'zod';

/** What a colour may be: one of the terminal's named colours, or #rrggbb. */
const COLOR =
  /^(#[0-9a-f]{6}|black|red|green|yellow|blue|magenta|cyan|white|gray|grey|(black|red|green|yellow|blue|magenta|cyan|white)Bright)$/i;

export function themeSection(z: typeof Zod) {
  return z.enum(['dark', 'light', 'none']).describe('dark (as shipped), light or none (no colour).').optional();
}

export function colorsSection(z: typeof Zod) {
  const color = z
    .string()
    .regex(COLOR, 'a colour is a name (red, cyan, gray, blueBright…) or #rrggbb')
    .describe('A colour name or #rrggbb.')
    .optional();
  return z
    .strictObject({
      accent: color.describe('Emphasis: the selected tab, headings, what to act on.'),
      error: color.describe('Errors and danger: failed reads, deletes, STALE.'),
      muted: color.describe('Notes: ages, hints, what is less important.'),
    })
    .describe('Colours of the roles, over the theme.')
    .optional();
}
