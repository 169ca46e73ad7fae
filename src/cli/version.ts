/** The package version, inlined by esbuild at build time (only this field is read). */
import packageJson from '../../package.json' with { type: 'json' };

export const VERSION: string = packageJson.version;
