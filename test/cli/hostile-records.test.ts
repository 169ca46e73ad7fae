/**
 * Records a hostile (or merely odd) server may send, through `slotui get` and
 * `slotui list`, as raw JSON text from the fake API (the real client reads it
 * as it reads a socket's): fields named like built-in object members are data
 * like any other; a value nested thousands deep is refused with a sentence,
 * never a stack overflow.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { ClientOptions } from '../../src/api/types.js';
import { createClient } from '../../src/api/client.js';
import { fakeApi, type FakeApi, type FakeReply } from '../fakeApi.js';
import { removeFolder, runCli, tempFolder } from '../reliability/helpers.js';

const BUILT_IN_NAMES =
  '"__proto__":{"planted":"proto-value"},"constructor":"ctor-value","toString":"tostring-value","valueOf":"valueof-value","hasOwnProperty":"hop-value"';
const RECORD = `{"id":"sli-000001","name":"odd fields","type":"latency",${BUILT_IN_NAMES}}`;

let dir: string;
/** The answer to the next request (raw JSON text), by path. */
const answers = new Map<string, string>();
const raw = (text: string): FakeReply => ({ status: 200, body: text, headers: { 'content-type': 'application/json' } });

/** A server answering every request with `reply` (each test that needs one of its own makes it). */
function server(reply: Parameters<FakeApi['stub']>[2], origin: string): FakeApi {
  const api = fakeApi(origin, 'tok');
  api.stub('GET|POST|PUT|PATCH|DELETE', /.*/, reply, { times: Infinity });
  return api;
}
let main: FakeApi;
const others: FakeApi[] = [];

beforeAll(async () => {
  dir = await tempFolder('slotui-hostile-records-');
  main = server(
    (request) =>
      raw(answers.get(request.url.pathname) ?? `{"total":1,"results":[${RECORD}],"next":null,"previous":null}`),
    'https://hostile.test',
  );
});
afterEach(async () => {
  for (const api of others.splice(0)) {
    api.verify();
    await api.close();
  }
});
afterAll(async () => {
  main?.verify();
  await main?.close();
  await removeFolder(dir);
});

const env = (api = main) => ({ SLOTUI_CONFIG_DIR: dir, SLOTUI_BASE_URL: api.origin, SLOTUI_TOKEN: 'tok' });
const clientOf =
  (api = main) =>
  (options: ClientOptions) =>
    createClient({ ...options, retry: { tries: 1 }, dispatcher: api.dispatcher });
/** Another server for one test, closed (and checked for unused stubs) after it. */
function another(reply: Parameters<FakeApi['stub']>[2]): FakeApi {
  const api = server(reply, `https://other-${others.length + 1}.test`);
  others.push(api);
  return api;
}

describe('fields named like built-in object members', () => {
  test('get shows __proto__, constructor, toString, valueOf and hasOwnProperty like any other field', async () => {
    answers.set('/v1/slis/sli-000001/', RECORD);
    const r = await runCli(['get', 'slis', 'sli-000001'], { env: env(), createClient: clientOf() });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^__proto__\s+\{"planted":"proto-value"\}$/m);
    expect(r.stdout).toMatch(/^constructor\s+ctor-value$/m);
    expect(r.stdout).toMatch(/^toString\s+tostring-value$/m);
    expect(r.stdout).toMatch(/^valueOf\s+valueof-value$/m);
    expect(r.stdout).toMatch(/^hasOwnProperty\s+hop-value$/m);
    expect(r.stdout).not.toMatch(/^planted/m);
  });

  test('get --json keeps every field, __proto__ included', async () => {
    answers.set('/v1/slis/sli-000001/', RECORD);
    const r = await runCli(['get', 'slis', 'sli-000001', '--json'], { env: env(), createClient: clientOf() });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('"__proto__": {\n    "planted": "proto-value"\n  }');
    const parsed = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(Object.keys(parsed)).toEqual(
      expect.arrayContaining(['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty']),
    );
  });

  test('list --json keeps __proto__, and the table shows the record', async () => {
    answers.delete('/v1/slis/');
    const json = await runCli(['list', 'slis', '--json'], { env: env(), createClient: clientOf() });
    expect(json.code).toBe(0);
    expect(json.stdout).toContain('"__proto__":{"planted":"proto-value"}');
    const table = await runCli(['list', 'slis'], { env: env(), createClient: clientOf() });
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^odd fields\s+latency/m);
  });

  test('a 400 naming a field __proto__ or constructor shows it on that field', async () => {
    answers.clear();
    const failing = another(() => ({
      status: 400,
      body: '{"__proto__":["Proto is wrong."],"constructor":["Ctor is wrong."]}',
      headers: { 'content-type': 'application/json' },
    }));
    const r = await runCli(['update', 'slis', 'sli-000001', '--file', '-'], {
      env: env(failing),
      createClient: clientOf(failing),
      stdin: '{"name":"x"}',
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('__proto__: Proto is wrong; constructor: Ctor is wrong');
  });
});

const DEEP = `${'['.repeat(5000)}${']'.repeat(5000)}`;
const DEEP_RECORD = `{"id":"sli-000002","name":"deep","type":"latency","extra":${DEEP}}`;

describe('a field nested 5,000 deep', () => {
  test.each([
    ['list --json', ['list', 'slis', '--json']],
    ['list --all --json', ['list', 'slis', '--all', '--json']],
    ['list (table)', ['list', 'slis']],
  ])(
    '%s: the record cut at the limit and named on stderr, the others listed, no stack overflow',
    async (_name, argv) => {
      answers.set('/v1/slis/', `{"total":2,"results":[${RECORD},${DEEP_RECORD}],"next":null,"previous":null}`);
      try {
        const r = await runCli(argv, { env: env(), createClient: clientOf() });
        expect(r.code).toBe(0);
        expect(r.stderr).toBe(
          'slotui: warning: sli sli-000002 (number 2 of the list) does not fit the fields of SLIs (it nests more than 64 levels deep (shown cut there)); it is shown as the service sent it.\n',
        );
        expect(r.stdout).toContain('sli-000001');
        expect(r.stdout).toContain(argv.includes('--json') ? '"(nested too deep)"' : '!deep');
      } finally {
        answers.delete('/v1/slis/');
      }
    },
  );

  test('get: the same sentence', async () => {
    answers.set('/v1/slis/sli-000002/', DEEP_RECORD);
    const r = await runCli(['get', 'slis', 'sli-000002'], { env: env(), createClient: clientOf() });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/nests more than 64 levels deep/);
    expect(r.stderr).not.toMatch(/call stack|crash/i);
  });

  test('create --file with a payload nested that deep is refused before anything is sent', async () => {
    const before = main.requests.length;
    const r = await runCli(['create', 'slis', '--file', '-'], {
      env: env(),
      createClient: clientOf(),
      stdin: `{"name":"n","type":"t","extra":${DEEP}}`,
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      'slotui: stdin nests more than 64 levels deep; a record needs 3. Flatten the nested values and try again; nothing was sent.\n',
    );
    expect(main.requests.length).toBe(before);
  });
});

describe('invisible format characters from the server', () => {
  const INVISIBLE = '\u061c\u00ad\u180e\ufff9\ufffa\ufffb\u{e0001}\u{e0041}\u{e007f}';
  const name = `pay${INVISIBLE}ments`;
  const record = JSON.stringify({ id: 'sli-000003', name, type: `lat${INVISIBLE}ency` });
  const invisible = /[\u061c\u00ad\u180e\ufff9-\ufffb]|[\u{e0000}-\u{e007f}]/u;

  test('the table and get show none of them', async () => {
    answers.set('/v1/slis/', `{"total":1,"results":[${record}],"next":null,"previous":null}`);
    answers.set('/v1/slis/sli-000003/', record);
    try {
      const table = await runCli(['list', 'slis'], {
        env: env(),
        createClient: clientOf(),
        stdoutIsTTY: true,
        columns: 100,
      });
      expect(table.code).toBe(0);
      expect(table.stdout).toMatch(/^payments\s+latency/m);
      expect(table.stdout).not.toMatch(invisible);
      const get = await runCli(['get', 'slis', 'sli-000003'], { env: env(), createClient: clientOf() });
      expect(get.stdout).toMatch(/^name\s+payments$/m);
      expect(get.stdout).not.toMatch(invisible);
      // --json keeps the data, escaped.
      const json = await runCli(['get', 'slis', 'sli-000003', '--json'], { env: env(), createClient: clientOf() });
      expect(json.stdout).not.toMatch(invisible);
      expect((JSON.parse(json.stdout) as { name: string }).name).toBe(name);
    } finally {
      answers.clear();
    }
  });

  test('an error message shows none of them', async () => {
    const failing = another(() => ({
      status: 503,
      body: JSON.stringify({ detail: `no${INVISIBLE}pe` }),
      headers: { 'content-type': 'application/json' },
    }));
    const r = await runCli(['get', 'slis', 'sli-000003'], { env: env(failing), createClient: clientOf(failing) });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('HTTP 503: nope');
    expect(r.stderr).not.toMatch(invisible);
  });
});

describe('one record of the wrong type never hides the others', () => {
  const PAGE = `{"total":3,"results":[{"id":"sli-000001","name":"first","type":"latency"},{"id":"sli-000002","name":42,"type":"latency"},{"id":"sli-000003","name":"third","type":"latency"}],"next":null,"previous":null}`;
  const WARNING =
    'slotui: warning: sli sli-000002 (number 2 of the list) does not fit the fields of SLIs (name: Invalid input: expected string, received number); it is shown as the service sent it.\n';

  test('list shows every record, the odd one marked, and names it on stderr', async () => {
    answers.clear();
    answers.set('/v1/slis/', PAGE);
    const r = await runCli(['list', 'slis'], { env: env(), createClient: clientOf() });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(WARNING);
    expect(r.stdout).toMatch(/^first\s+latency.*sli-000001/m);
    expect(r.stdout).toMatch(/^!42\s+latency.*sli-000002/m);
    expect(r.stdout).toMatch(/^third\s+latency.*sli-000003/m);
  });

  test('-o json and --all print it as the service sent it', async () => {
    answers.clear();
    answers.set('/v1/slis/', PAGE);
    for (const argv of [
      ['list', 'slis', '-o', 'json'],
      ['list', 'slis', '--all', '--json'],
    ]) {
      const r = await runCli(argv, { env: env(), createClient: clientOf() });
      expect(r.code).toBe(0);
      expect(r.stderr).toBe(WARNING);
      const records = JSON.parse(r.stdout) as Record<string, unknown>[];
      expect(records.map((x) => x.id)).toEqual(['sli-000001', 'sli-000002', 'sli-000003']);
      expect(records[1]).toEqual({ id: 'sli-000002', name: 42, type: 'latency' });
    }
  });
});

describe('-o name: one record, one line, nothing a terminal acts on', () => {
  const HOSTILE_ID = 'sli-1\\nsli-2\\u001b]52;c;cHduZWQ=\\u0007\\u001b[2J\\u202e';
  test('list and get -o name write the id escaped, never raw', async () => {
    answers.clear();
    answers.set(
      '/v1/slis/',
      `{"total":2,"results":[{"id":"${HOSTILE_ID}","name":"x"},{"id":"sli-000003","name":"y"}],"next":null,"previous":null}`,
    );
    const list = await runCli(['list', 'slis', '-o', 'name'], { env: env(), createClient: clientOf() });
    expect(list.code).toBe(0);
    expect(list.stdout).toBe('sli/sli-1\\u000asli-2\\u001b]52;c;cHduZWQ=\\u0007\\u001b[2J\\u202e\nsli/sli-000003\n');
    answers.set('/v1/slis/sli-000009/', `{"id":"${HOSTILE_ID}","name":"x"}`);
    const get = await runCli(['get', 'slis', 'sli-000009', '-o', 'name'], { env: env(), createClient: clientOf() });
    expect(get.code).toBe(0);
    expect(get.stdout.split('\n')).toHaveLength(2);
    // eslint-disable-next-line no-control-regex
    expect(get.stdout).not.toMatch(/[\u001b\u0007\u202e]/);
  });
});

describe('list --all while records are deleted (offset paging)', () => {
  test('a total that moved between the first page and the last is said on stderr', async () => {
    answers.clear();
    // Two pages: the first says 3 records, the second (after a delete elsewhere) 2, and one record is skipped.
    const shifting = another((request) =>
      raw(
        request.url.searchParams.get('offset') === '2'
          ? `{"total":2,"results":[],"next":null,"previous":null}`
          : `{"total":3,"results":[{"id":"sli-000001","name":"a","type":"t"},{"id":"sli-000002","name":"b","type":"t"}],"next":"/v1/slis/?limit=2&offset=2","previous":null}`,
      ),
    );
    const r = await runCli(['list', 'slis', '--all', '--limit', '2', '-o', 'name'], {
      env: env(shifting),
      createClient: clientOf(shifting),
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('sli/sli-000001\nsli/sli-000002\n');
    expect(r.stderr).toBe(
      'slotui: warning: the SLIs changed while they were read (a total of 3 at the first page, 2 at the last; 2 read): a record may be missing or listed twice. Run the command again for a consistent list.\n',
    );
  });

  test('a steady list says nothing', async () => {
    answers.clear();
    const r = await runCli(['list', 'slis', '--all', '-o', 'name'], { env: env(), createClient: clientOf() });
    expect(r.stderr).toBe('');
  });
});

describe('used-by when the record itself cannot be read', () => {
  test('an invalid record: one line and exit 1, never a stack', async () => {
    answers.clear();
    answers.set('/v1/slis/sli-000009/', '{"id":{"x":1},"name":"broken"}');
    answers.set('/v1/slos/', '{"total":0,"results":[],"next":null,"previous":null}');
    try {
      const r = await runCli(['used-by', 'slis', 'sli-000009'], { env: env(), createClient: clientOf() });
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^slotui: The server's answer to \/v1\/slis\/sli-000009\/ .*\n$/);
    } finally {
      answers.clear();
    }
  });
});
