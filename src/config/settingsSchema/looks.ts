/**
 * `theme:` and `colors:` in settings.yaml: the dashboard's colours. `dark`
 * (as shipped), `light` (notes readable on a light background), `none` (no
 * colour); `colors` overrides a role. NO_COLOR wins over both.
 */
import type * as Zod from 'zod';
import { closestWord } from '../../text/suggest.js';
import { COLOR_NAMES } from './colorNames.js';

/** What a colour may be: one of the terminal's named colours, or #rrggbb (a pattern, so the JSON Schema has it). */
const COLOR = new RegExp(`^(#[0-9a-f]{6}|${COLOR_NAMES.join('|')})$`, 'i');

/** Why a text is no colour, with the name it misspells when one is close (`bleu`: blue). */
function notAColor(written: string): string {
  const meant = closestWord(written, COLOR_NAMES);
  return `a colour is a name (red, cyan, gray, blueBright…) or #rrggbb${meant ? ` (did you mean "${meant}"?)` : ''}`;
}

export function themeSection(z: typeof Zod) {
  return z.enum(['dark', 'light', 'none']).describe('dark (as shipped), light or none (no colour).').optional();
}

export function colorsSection(z: typeof Zod) {
  const color = z
    .string()
    .regex(COLOR, { error: (issue) => notAColor(String(issue.input)) })
    .describe('A colour name or #rrggbb.')
    .optional();
  return z
    .strictObject({
      accent: color.describe('Emphasis: the selected tab, headings, what to act on.'),
      header: color.describe("A table's header line."),
      selection: color.describe('The background of the selected row (inverse video when not set).'),
      muted: color.describe('Notes: ages, hints, what is less important.'),
      changed: color.describe('Rows the last refresh found new (+) or changed (~).'),
      stale: color.describe('The status line while reads fail (STALE).'),
      error: color.describe('Errors: failed reads and saves, dangling references.'),
      danger: color.describe('Questions before a delete.'),
    })
    .describe('Colours of the roles, over the theme.')
    .optional();
}
