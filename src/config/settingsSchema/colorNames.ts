/**
 * The terminal's named colours, as settings.yaml's `colors:` may name them,
 * apart from the schema: the first frame's theme reads them, and needs
 * nothing else of the settings' checks.
 */
const BASE_COLORS = ['black', 'red', 'green', 'yellow', 'blue', 'magenta', 'cyan', 'white'];
export const COLOR_NAMES = [...BASE_COLORS, 'gray', 'grey', ...BASE_COLORS.map((name) => `${name}Bright`)];

/**
 * A colour as the renderer knows it: a name is checked whatever its case (`RedBright`), and the
 * renderer knows it only as written here (`redBright`); #rrggbb as written.
 */
export function colorName(written: string): string {
  return COLOR_NAMES.find((name) => name.toLowerCase() === written.toLowerCase()) ?? written;
}
