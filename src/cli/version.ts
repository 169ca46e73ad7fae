/**
 * The package version, inlined by esbuild at build time. A named import (esbuild's JSON loader,
 * without the standard's `type: 'json'`, which allows only the default) bundles only this field,
 * not the whole package.json.
 */
import { version } from '../../package.json';

export const VERSION: string = version;
