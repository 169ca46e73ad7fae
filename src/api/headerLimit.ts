/**
 * The largest response head undici accepts. Its default is node:http's
 * maxHeaderSize, read by loading node:http when a client is made (a few ms at
 * every start; scripts/build-parts.mjs keeps that load to when it is used).
 * That value is Node's --max-http-header-size: 16 KiB unless the option is
 * given (on the command line or in NODE_OPTIONS). So it is given here, the
 * same number, unless the option is set, and then undici reads it as before.
 */
const NODE_DEFAULT_MAX_HEADER_SIZE = 16 * 1024;

export function maxHeaderSize(
  execArgv: readonly string[] = process.execArgv,
  nodeOptions: string | undefined = process.env.NODE_OPTIONS,
): number | undefined {
  const given = [...execArgv, nodeOptions ?? ''].some((option) => option.includes('max-http-header-size'));
  return given ? undefined : NODE_DEFAULT_MAX_HEADER_SIZE;
}
