/**
 * The command table: each command's words, flags, arguments and help text.
 * The parser (args.ts) and the help (help.ts) read it; main.ts maps names to
 * the functions under commands/.
 */

export const FLAGS = {
  help: { type: 'boolean', short: 'h', about: 'show help' },
  version: { type: 'boolean', about: 'print the version' },
  profile: {
    type: 'string',
    value: 'NAME',
    about: 'the profile to use (default: SLOTUI_PROFILE, then the current profile, then "default")',
  },
  'read-only': { type: 'boolean', about: 'refuse create, update and delete' },
  json: { type: 'boolean', about: 'print JSON only (the same as -o json)' },
  output: {
    type: 'string',
    short: 'o',
    value: 'FORMAT',
    about: 'json, yaml, wide (every column, nothing cut) or name (<resource>/<id>)',
  },
  limit: { type: 'string', value: 'N', about: 'records per page (the server may cap it)' },
  offset: { type: 'string', value: 'N', about: 'records to skip (default 0)' },
  all: { type: 'boolean', about: "every page, following the server's next links" },
  offline: { type: 'boolean', about: 'the page the dashboard last showed, from its cache; nothing is sent' },
  file: {
    type: 'string',
    short: 'f',
    value: 'FILE',
    about: 'the file to read ("-" reads stdin): JSON for create and update, OpenSLO YAML for apply and diff',
  },
  set: {
    type: 'string',
    multiple: true,
    value: 'FIELD=VALUE',
    about: 'a field and its value, without a file (repeat it for more; over --file, it wins)',
  },
  yes: { type: 'boolean', short: 'y', about: 'do not ask for confirmation' },
  'with-token': { type: 'boolean', about: 'read the token (a JWT, or the JSON {"jwt": ...}) from stdin' },
  'base-url': { type: 'string', value: 'URL', about: "the service's https base URL, stored in the profile" },
  'frontend-url': {
    type: 'string',
    value: 'URL',
    about: 'the https address of the frontend that issues tokens, stored in the profile',
  },
  'ca-file': {
    type: 'string',
    value: 'FILE',
    about: 'a PEM file of extra certificate authorities, stored in the profile',
  },
  demo: { type: 'boolean', about: 'open the dashboard on the embedded sandbox with sample data' },
  port: { type: 'string', value: 'N', about: 'port to listen on (default: a free one)' },
  host: {
    type: 'string',
    value: 'HOST',
    about: 'address to listen on (default 127.0.0.1; another than loopback needs --expose)',
  },
  expose: {
    type: 'boolean',
    about: 'allow a --host other than loopback: anyone who reaches it can get a token and change the data',
  },
  data: { type: 'string', value: 'FILE', about: 'keep the data in this JSON file (default: in memory)' },
  seed: { type: 'string', value: 'N', about: 'add N generated SLIs (large lists)' },
  'error-rate': { type: 'string', value: 'RATE', about: 'an error rate in percent: 2% or 2' },
  spent: { type: 'string', value: 'DURATION', about: 'bad time already spent: 12m, 1h30m, 90s' },
  out: { type: 'string', value: 'FILE', about: 'write to FILE (replaced whole, only once complete) instead of stdout' },
  'dry-run': { type: 'boolean', about: 'show the plan and send nothing' },
  verbose: { type: 'boolean', short: 'v', about: 'list the unchanged documents too (by default only changes)' },
  agreement: { type: 'string', value: 'ID', about: 'the SLOs of this agreement' },
  refresh: {
    type: 'string',
    value: 'DURATION',
    about: 'how often the dashboard reads again what it shows: 10s (default), 1m, 0 or off',
  },
  interval: { type: 'string', value: 'DURATION', about: 'how often the list is read: 10s (default), 1m; at least 1s' },
  format: {
    type: 'string',
    value: 'FORMAT',
    about: 'report: md (default) or csv; rules: prometheus (default), sloth or pyrra',
  },
  'from-profile': {
    type: 'string',
    value: 'NAME',
    about: "make this profile's SLIs and SLOs like profile NAME's (matched by name; NAME is only read)",
  },
  openslo: {
    type: 'string',
    value: 'VERSION',
    about: 'v1 (default) or v2alpha: the draft (openslo.com/v2alpha, sliRef)',
  },
  'query-map': {
    type: 'string',
    value: 'FILE',
    about: 'YAML: per SLI id or name, errors and total PromQL with {{window}}',
  },
} as const;

export type FlagName = keyof typeof FLAGS;

/** What create's and update's help say of --set. */
const SET_HELP =
  '--set FIELD=VALUE gives a field on the command line, its value typed as it is and read as the field takes it: text, a number (--set target_value=99.9 sends "99.9"), a whole number, ids between commas or spaces (queries only in a file).';

/** Accepted by every command. */
export const COMMON_FLAGS: readonly FlagName[] = ['help', 'profile', 'read-only'];

export type CommandName =
  | 'dashboard'
  | 'list'
  | 'get'
  | 'create'
  | 'update'
  | 'delete'
  | 'auth login'
  | 'auth status'
  | 'auth logout'
  | 'sandbox'
  | 'completion'
  | 'budget'
  | 'alerts'
  | 'burn'
  | 'export'
  | 'apply'
  | 'diff'
  | 'lint'
  | 'used-by'
  | 'report'
  | 'watch'
  | 'rules'
  | 'config'
  | 'plugin';

export interface CommandSpec {
  name: CommandName;
  /** After "slotui ". */
  usage: string;
  summary: string;
  /** Flags besides the common ones. */
  flags: readonly FlagName[];
  /** Names of the positional arguments, all required. */
  args: readonly string[];
  /** Any number of further positional arguments is accepted (their name, for messages). */
  rest?: string;
  /** More lines for `--help`. */
  details?: string;
  /** For `--help`: "# what it does" lines, each followed by the command line that does it. */
  examples?: readonly string[];
}

export const COMMANDS: Record<CommandName, CommandSpec> = {
  config: {
    name: 'config',
    usage: 'config path|schema|check|edit',
    summary: 'settings.yaml: where, its schema, its problems (exit 3), or edit it',
    flags: [],
    args: ['action'],
    examples: ['# every problem with its line and column', 'slotui config check'],
  },
  plugin: {
    name: 'plugin',
    usage: 'plugin list | plugin run NAME <resource> <id>...',
    summary: "settings.yaml's plugins: list them, or run one on records (its exit status passed on)",
    flags: [],
    args: ['action'],
    rest: 'argument',
    examples: ['# open an SLO with the plugin named grafana', 'slotui plugin run grafana slo slo-000001'],
  },
  dashboard: {
    name: 'dashboard',
    usage: '[--demo] [--refresh DURATION]',
    summary: 'the interactive dashboard (needs a terminal)',
    flags: ['demo', 'version', 'refresh'],
    args: [],
  },
  list: {
    name: 'list',
    usage: 'list <resource> [--limit N] [--offset N] [--all] [-o FORMAT]',
    summary: 'one page of records (or every page with --all) as a table, JSON, YAML or names',
    flags: ['limit', 'offset', 'all', 'offline', 'output', 'json'],
    args: ['resource'],
    details: [
      'On a terminal the table fits its width and "page X of Y · total Z" follows on stderr;',
      'into a pipe nothing is cut. -o json prints a JSON array and nothing else ([] when empty).',
      '--all streams every page as it arrives (100 a page unless --limit says otherwise).',
    ].join('\n'),
    examples: [
      '# the first page of SLOs, fitted to the terminal',
      'slotui list slos',
      '# every SLI as JSON, for a script',
      'slotui list slis --all --json > slis.json',
      '# ids only, one a line',
      'slotui list slos -o name',
      '# every column, nothing cut',
      'slotui list slos -o wide',
    ],
  },
  get: {
    name: 'get',
    usage: 'get <resource> <id>... [-o FORMAT]',
    summary: 'one record, field by field, or as JSON or YAML; several as a list',
    flags: ['output', 'json'],
    args: ['resource', 'id'],
    rest: 'id',
    details: 'Several ids print as a list (-o json: one array); a missing id is said, exit 1.',
    examples: [
      '# one SLO, field by field',
      'slotui get slo slo-000001',
      '# as YAML, to keep or review',
      'slotui get slo slo-000001 -o yaml',
      '# edit a copy and send it back',
      'slotui get slo slo-000001 --json > slo.json',
      'slotui update slo slo-000001 -f slo.json',
    ],
  },
  create: {
    name: 'create',
    usage: 'create <resource> (--file FILE | --set FIELD=VALUE…) [--json]',
    summary: 'create a record from a JSON file ("-" reads stdin) or --set; prints the created record',
    flags: ['file', 'set', 'json'],
    args: ['resource'],
    details: `The fields are checked before anything is sent: a field the resource does not have is refused, naming the field meant; id, created_at and updated_at are left out with a note. ${SET_HELP}`,
    examples: [
      '# from a file',
      'slotui create slo -f slo.json',
      '# from the command line',
      'slotui create org --set name=payments --set description="the payments team"',
      '# from stdin',
      'echo \'{"name": "checkout"}\' | slotui create org -f -',
      '# which fields an SLO takes',
      'slotui create slo --help',
    ],
  },
  update: {
    name: 'update',
    usage: 'update <resource> <id> (--file FILE | --set FIELD=VALUE…) [--json]',
    summary: 'change the fields given in the JSON file or by --set (PATCH); prints the updated record',
    flags: ['file', 'set', 'json'],
    args: ['resource', 'id'],
    details: `Only the fields given are sent. ${SET_HELP}`,
    examples: [
      '# change the target of an SLO',
      'slotui update slo slo-000001 --set target_value=99.95',
      '# the same from JSON on stdin',
      'echo \'{"target_value": "99.95"}\' | slotui update slo slo-000001 -f -',
      '# send back an edited copy (id and timestamps are left out)',
      'slotui update slo slo-000001 -f slo.json',
    ],
  },
  delete: {
    name: 'delete',
    usage: 'delete <resource> <id>... [--yes]',
    summary: 'delete records; asks first on a terminal unless --yes',
    flags: ['yes'],
    args: ['resource', 'id'],
    rest: 'id',
    details: 'Without a terminal, --yes is required. Several ids: one question; a failure does not stop the rest.',
    examples: [
      '# asks first on a terminal',
      'slotui delete slo slo-000001',
      '# in a script',
      'slotui delete slo slo-000001 --yes',
    ],
  },
  'auth login': {
    name: 'auth login',
    usage: 'auth login --with-token [--base-url URL] [--frontend-url URL] [--ca-file FILE]',
    summary: 'store a token in the profile after checking it with the service',
    flags: ['with-token', 'base-url', 'frontend-url', 'ca-file'],
    args: [],
    details: [
      'Get the token from {frontend_url}/api/service/v1/users/m2m-token while logged in to the',
      "service's web frontend, then pipe it in, either the bare JWT or the whole JSON answer:",
      '  pbpaste | slotui auth login --with-token --base-url https://slo.example.com',
      'The token is checked with one request before it is stored (file mode 0600).',
      'The profile becomes the current profile.',
    ].join('\n'),
    examples: [
      '# on a terminal: asks for the URLs and the token',
      'slotui auth login',
      '# from a script: the token on stdin',
      'pbpaste | slotui auth login --with-token --base-url slo.example.com',
      '# a second profile whose CA is not a public one',
      'slotui auth login --profile staging --ca-file ~/staging-ca.pem',
    ],
  },
  'auth status': {
    name: 'auth status',
    usage: 'auth status [--json]',
    summary: "the profile, base URL, token's user and expiry, and whether the token works (never the token)",
    flags: ['json'],
    args: [],
    examples: [
      '# every profile, and whether its token works',
      'slotui auth status',
      '# for a script',
      'slotui auth status --json',
    ],
  },
  'auth logout': {
    name: 'auth logout',
    usage: 'auth logout',
    summary: 'forget the stored token of the profile',
    flags: [],
    args: [],
    examples: ['# forget the token of the staging profile', 'slotui auth logout --profile staging'],
  },
  sandbox: {
    name: 'sandbox',
    usage: 'sandbox [--port N] [--host H [--expose]] [--data FILE] [--seed N]',
    summary: 'run the embedded HTTPS service alone; prints KEY=value lines to connect to it',
    flags: ['port', 'host', 'expose', 'data', 'seed'],
    args: [],
    details: [
      'Run it in one terminal; in another, export the lines it prints (export SLOTUI_BASE_URL=...)',
      'and use slotui as usual. The data lives in memory unless --data names a file. Ctrl+C stops it.',
    ].join('\n'),
    examples: [
      '# a service to try slotui on',
      'slotui sandbox',
      '# 100,000 more SLIs, kept in a file',
      'slotui sandbox --seed 100000 --data ./sandbox.json',
    ],
  },
  completion: {
    name: 'completion',
    usage: 'completion bash|zsh|fish',
    summary: 'print a shell completion script (commands, resources, flags, profile names)',
    flags: [],
    args: ['shell'],
    details: [
      'The script asks slotui itself on each Tab, so what it offers always matches this version',
      'and the profiles stored now.',
    ].join('\n'),
    examples: [
      '# bash, in this shell',
      'source <(slotui completion bash)',
      '# zsh, for every shell',
      'slotui completion zsh > "${fpath[1]}/_slotui"',
      '# fish, for every shell',
      'slotui completion fish > ~/.config/fish/completions/slotui.fish',
    ],
  },
  budget: {
    name: 'budget',
    usage: 'budget <slo-id> [--json]',
    summary: "the error budget: the bad time an SLO's target allows over its window",
    flags: ['json'],
    args: ['slo-id'],
    details: [
      'Computed from the definition alone (the service holds no measurements): budget = (1 − target) × window.',
      'For event-based SLIs the time is an equivalent full-outage time: the bad time if every request failed.',
      "Exits 1, naming the field, when the SLO's target or window gives no budget.",
    ].join('\n'),
    examples: [
      '# the bad time an SLO allows',
      'slotui budget slo-000001',
      '# for a script',
      'slotui budget slo-000001 --json',
    ],
  },
  alerts: {
    name: 'alerts',
    usage: 'alerts <slo-id> [--json]',
    summary: "the SRE workbook's multiwindow burn-rate alert tiers, scaled to an SLO's window",
    flags: ['json'],
    args: ['slo-id'],
    details: [
      'Tiers: page 1h/5m at 2 % of the budget, page 6h/30m at 5 %, ticket 3d/6h at 10 %.',
      'burn = share × window / long window; the tier fires at an error rate of burn × (1 − target).',
      'A tier whose burn is above 1 / (1 − target) can never fire, and says so.',
    ].join('\n'),
    examples: ['# the burn-rate alert tiers of an SLO', 'slotui alerts slo-000001'],
  },
  burn: {
    name: 'burn',
    usage: 'burn <slo-id> --error-rate RATE | --spent DURATION [--json]',
    summary: 'how fast an error rate burns the budget (and which tiers fire), or what a bad time leaves',
    flags: ['error-rate', 'spent', 'json'],
    args: ['slo-id'],
    details: [
      '--error-rate 2%   burn = rate / (1 − target), the time until the budget is gone, the tiers that fire.',
      '--spent 12m       the share of the budget spent and the time left (negative when overspent).',
      'Give exactly one of the two.',
    ].join('\n'),
    examples: [
      '# how fast 2 % errors burn the budget',
      'slotui burn slo-000001 --error-rate 2%',
      '# what 12 minutes of outage leave',
      'slotui burn slo-000001 --spent 12m',
    ],
  },
  export: {
    name: 'export',
    usage: 'export [slis|slos] [<id>...] [--out FILE] [--openslo v2alpha]',
    summary: 'SLIs and SLOs as OpenSLO v1 YAML documents (all of them, or those named)',
    flags: ['out', 'openslo'],
    args: [],
    rest: 'sli-or-slo-id',
    details: [
      "Names are RFC 1123 slugs of the records' names; what OpenSLO has no field for is kept in slotui/... annotations, so `slotui diff -f` of an export finds nothing to change.",
      'Organizations and agreements have no OpenSLO kind and are left out.',
      '--out writes the file (mode 0644) only once the export is complete.',
    ].join('\n'),
    examples: [
      '# every SLI and SLO, into a file kept in git',
      'slotui export --out slos.yaml',
      '# two SLOs only',
      'slotui export slos slo-000001 slo-000002',
    ],
  },
  apply: {
    name: 'apply',
    usage: 'apply -f FILE [--dry-run] [--yes] [-v]',
    summary: 'create or update SLIs and SLOs from OpenSLO v1 YAML, after showing the plan',
    flags: ['file', 'from-profile', 'dry-run', 'yes', 'verbose'],
    args: [],
    details: [
      'Each document matches the record of its slotui/id annotation, else the one named like its displayName, else the one exported under its metadata.name; none: it is created.',
      'The plan shows + create, ~ update (with the fields that change), ! refused (and why); -v also = unchanged.',
      'Off a terminal, changes need --yes; on one, apply asks. An update sends only what changes.',
      'Exit 0 when everything was applied, 1 when a document was refused or a request failed.',
    ].join('\n'),
    examples: [
      '# what would change, sending nothing',
      'slotui apply -f slos.yaml --dry-run',
      '# in CI, without asking',
      'slotui apply -f slos.yaml --yes',
    ],
  },
  diff: {
    name: 'diff',
    usage: 'diff -f FILE [-v]',
    summary: 'the plan of `apply -f FILE`, sending nothing; exit 3 when something would change',
    flags: ['file', 'from-profile', 'verbose'],
    args: [],
    details:
      'Only changes are listed (-v lists the unchanged too). Exit 0 when nothing would change, 3 when something would (refused documents count).',
    examples: ['# fail a CI step when the service drifted from the file', 'slotui diff -f slos.yaml'],
  },
  lint: {
    name: 'lint',
    usage: 'lint [--json]',
    summary: 'check every SLO and SLI; one finding a line; exit 3 when there are errors',
    flags: ['json'],
    args: [],
    details: [
      'Errors: target-not-number, target-out-of-range, unknown-unit, interval-exceeds-window, interval-not-dividing, missing-sli, unknown-query, invalid-window.',
      'Warning: unreachable-tier.',
      'Each line: <severity> <resource>/<id> <rule> <message>.',
    ].join('\n'),
    examples: [
      '# fail a CI step on definitions that can never work as meant',
      'slotui lint',
      '# the findings as data',
      'slotui lint --json | jq \'.[] | select(.severity == "error")\'',
    ],
  },
  'used-by': {
    name: 'used-by',
    usage: 'used-by <resource> <id> [--json]',
    summary: "the records that refer to a record: an SLI's SLOs, an SLO's or an organization's agreements",
    flags: ['json'],
    args: ['resource', 'id'],
    details: [
      'Reads every page of the resources that can refer to the record (SLOs for an SLI, agreements',
      'for an SLO or an organization). With --json, stdout holds an array of {"resource","id","name"}.',
      'A record that no longer exists is still looked for: what refers to it points nowhere.',
    ].join('\n'),
    examples: [
      '# which SLOs are measured on an SLI',
      'slotui used-by sli sli-000001',
      '# for a script',
      'slotui used-by org org-000001 --json',
    ],
  },
  report: {
    name: 'report',
    usage: 'report [<slo-id>...] [--agreement ID] [--format md|csv]',
    summary: 'one row an SLO (name, target, window, budget, SLI, first page tier) for incident documents',
    flags: ['agreement', 'format'],
    args: [],
    rest: 'slo-id',
    details: [
      'The SLOs named, the SLOs of --agreement, or every SLO when neither is given.',
      'A Markdown table by default; --format csv has the budget in seconds.',
    ].join('\n'),
    examples: [
      '# every SLO of an agreement, for the incident document',
      'slotui report --agreement agr-000001',
      '# two SLOs, as CSV',
      'slotui report slo-000001 slo-000002 --format csv',
    ],
  },
  rules: {
    name: 'rules',
    usage: 'rules <slo-id>... --query-map FILE [--format prometheus|sloth|pyrra]',
    summary: 'alert rules from the SLO math: a Prometheus rule file, a Sloth spec or a Pyrra SLO',
    flags: ['query-map', 'format'],
    args: [],
    rest: 'slo-id',
    details: [
      'The query map (YAML) gives, per SLI id or name, PromQL errors and total with {{window}}',
      'where the range goes (service, and errorsMetric and totalMetric for Pyrra, are optional).',
      'prometheus: a group an SLO with the error ratio over every window the tiers use (named as',
      "Sloth names them, so Sloth's dashboards read them) and one alert a tier, firing when both",
      'windows reach the error rate `slotui alerts` prints. sloth: a prometheus/v1 spec. pyrra: a',
      'ServiceLevelObjective. An SLO whose SLI has no entry in the map: exit 3, naming it.',
    ].join('\n'),
    examples: [
      '# a Prometheus rule file for two SLOs',
      'slotui rules slo-000001 slo-000002 --query-map queries.yaml > slo-rules.yaml',
      '# the same SLOs as a Sloth spec',
      'slotui rules slo-000001 --query-map queries.yaml --format sloth',
    ],
  },
  watch: {
    name: 'watch',
    usage: 'watch <resource> [--interval DURATION] [-o json]',
    summary: 'one line a change to the records (+ added, ~ changed, - deleted) until Ctrl+C',
    flags: ['interval', 'output', 'json'],
    args: ['resource'],
    details: [
      'Reads the whole list every interval (10s unless --interval says otherwise) and, from the',
      'second read on, prints a line a change: + with the name, ~ with each field old → new, -.',
      'With -o json: one object a line, {"type","resource","id","name","changes":{"field":[old,new]}}.',
      'A read that fails is one line on stderr and the next read follows. Ctrl+C or SIGTERM ends it (exit 0).',
    ].join('\n'),
    examples: [
      '# the audit feed of an incident',
      'slotui watch slos',
      '# for a script, every 30 seconds',
      'slotui watch slos --interval 30s -o json',
    ],
  },
};

export const AUTH_SUBCOMMANDS = ['login', 'status', 'logout'] as const;
