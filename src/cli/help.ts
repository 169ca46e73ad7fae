/** `slotui --help` and `slotui <command> --help`, built from the command table. */
import { RESOURCES } from '../api/resources.js';
import { COMMANDS, COMMON_FLAGS, FLAGS, type CommandName, type FlagName } from './commands.js';

const RESOURCE_LINE = `Resources: ${Object.values(RESOURCES).map((d) => d.aliases.filter((a) => a !== d.singular && a !== d.name).length ? `${d.name} (${d.aliases.filter((a) => a !== d.singular && a !== d.name).join(', ')})` : d.name).join(', ')}; singular forms work too.`;

function flagLines(names: readonly FlagName[]): string[] {
  const rows = names.map((name) => {
    const def = FLAGS[name];
    const short = 'short' in def ? `-${def.short}, ` : '    ';
    const value = 'value' in def ? ` ${def.value}` : '';
    return { left: `  ${short}--${name}${value}`, about: def.about };
  });
  const width = Math.max(...rows.map((r) => r.left.length)) + 2;
  return rows.map((r) => r.left.padEnd(width) + r.about);
}

export function programHelp(version: string): string {
  const commands = (['list', 'get', 'create', 'update', 'delete', 'budget', 'alerts', 'burn', 'export', 'apply', 'diff', 'used-by', 'report', 'auth login', 'auth status', 'auth logout', 'sandbox'] as const)
    .map((name) => ({ left: `  slotui ${COMMANDS[name].usage.split(' [')[0]?.split(' --')[0]}`, about: COMMANDS[name].summary }));
  const width = Math.max(...commands.map((c) => c.left.length)) + 2;
  return [
    `slotui ${version}: a terminal dashboard and scripting CLI for an SLO service.`,
    '',
    'Usage:',
    '  slotui                      the interactive dashboard (needs a terminal)',
    '  slotui --demo               the dashboard on the embedded sandbox with sample data',
    '  slotui <command> [flags]',
    '',
    'Commands:',
    ...commands.map((c) => c.left.padEnd(width) + c.about),
    '',
    RESOURCE_LINE,
    '',
    'Flags for every command:',
    ...flagLines([...COMMON_FLAGS, 'version']),
    '',
    'Environment (each overrides the stored profile):',
    '  SLOTUI_BASE_URL      the service\'s https base URL',
    '  SLOTUI_FRONTEND_URL  the frontend address that issues tokens',
    '  SLOTUI_TOKEN         the bearer token (wins over the stored one)',
    '  SLOTUI_CA_FILE       a PEM file of extra certificate authorities',
    '  SLOTUI_CONFIG_DIR    the configuration folder (default: the OS\'s config folder)',
    '  SLOTUI_PROFILE       the profile to use',
    '  NO_COLOR             no colours',
    '',
    'Exit codes: 0 success, 1 failure, 2 usage error, 3 a check found something (diff),',
    '4 authentication needed or refused.',
    'Run `slotui <command> --help` for a command\'s flags.',
    '',
  ].join('\n');
}

export function authHelp(): string {
  return [
    'Usage: slotui auth <login|status|logout>',
    '',
    ...(['auth login', 'auth status', 'auth logout'] as const).map((n) => `  slotui ${COMMANDS[n].usage}\n      ${COMMANDS[n].summary}`),
    '',
  ].join('\n');
}

export function commandHelp(name: CommandName | 'auth', version: string): string {
  if (name === 'auth') return authHelp();
  if (name === 'dashboard') return programHelp(version);
  const spec = COMMANDS[name];
  const takesResource = spec.args.includes('resource');
  return [
    `Usage: slotui ${spec.usage}`,
    '',
    `${spec.summary[0]?.toUpperCase()}${spec.summary.slice(1)}.`,
    ...(spec.details ? ['', spec.details] : []),
    ...(takesResource ? ['', RESOURCE_LINE] : []),
    '',
    'Flags:',
    ...flagLines([...spec.flags, ...COMMON_FLAGS]),
    '',
  ].join('\n');
}
