/**
 * The terminal's named colours, as settings.yaml's `colors:` may name them,
 * apart from the schema: the first frame's theme reads them, and needs
 * nothing else of the settings' checks.
 */
export const COLOR_NAMES = [
  'black',
  'red',
  'green',
  'yellow',
  'blue',
  'magenta',
  'cyan',
  'white',
  'gray',
  'grey',
  'blackBright',
  'redBright',
  'greenBright',
  'yellowBright',
  'blueBright',
  'magentaBright',
  'cyanBright',
  'whiteBright',
];

/**
 * A colour as the renderer knows it: a name is checked whatever its case (`RedBright`), and the
 * renderer knows it only as written here (`redBright`); #rrggbb as written.
 */
export function colorName(written: string): string {
  return COLOR_NAMES.find((name) => name.toLowerCase() === written.toLowerCase()) ?? written;
}
