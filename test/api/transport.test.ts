/**
 * The transport on its own, over an undici MockAgent (no socket): the gates every request passes
 * before it is sent, what is sent (a body only with its content type), how each kind of answer is
 * read (2xx, 204, an empty body, 3xx and errors, non-JSON, nesting too deep), cancelling before
 * and while waiting, closing, the token kept out of every error, and the options the pools are
 * made with (the certificate checked, HTTP/1.1, the timeouts). Sockets, the TLS handshake and the
 * deadline are the integration tier's (retry, deadline, ca).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { rootCertificates } from 'node:tls';
import MockAgent from 'undici/lib/mock/mock-agent.js';
import type { Dispatcher } from 'undici';
import { SlotuiError } from '../../src/api/errors.js';
import { backoffDelay, createTransport } from '../../src/api/http.js';
import { DEFAULT_RETRY, DEFAULT_TIMEOUTS, realSleep } from '../../src/api/requestPolicy.js';
import { RESOURCES } from '../../src/api/resources.js';
import type { Method, Target } from '../../src/api/failures.js';
import type { CloseOptions } from '../../src/api/types.js';

const ORIGIN = 'https://api.test';
const TOKEN = 'tok-secret-123';
const agents: MockAgent[] = [];
afterEach(async () => {
  while (agents.length > 0) await agents.pop()!.close();
});

function setup(
  options: { readOnly?: boolean; token?: string; tries?: number; onRequest?: () => () => void; ca?: string[] } = {},
) {
  const agent = new MockAgent();
  agent.disableNetConnect();
  agents.push(agent);
  const transport = createTransport({
    base: new URL(`${ORIGIN}/v1/`),
    ...(options.token === '' ? {} : { token: options.token ?? TOKEN }),
    readOnly: options.readOnly ?? false,
    timeouts: DEFAULT_TIMEOUTS,
    retry: { ...DEFAULT_RETRY, tries: options.tries ?? 1 },
    sleep: async () => undefined,
    userAgent: 'slotui-test',
    dispatcher: agent,
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
    ...(options.ca ? { ca: options.ca } : {}),
  });
  const seen: { method: string; headers: Record<string, string>; body: unknown }[] = [];
  /** Answers the next request to `path` with `status` and `body` (text as is, anything else as JSON). */
  const reply = (status: number, body: unknown, path = '/v1/slis/', headers: Record<string, string> = {}) =>
    agent
      .get(ORIGIN)
      .intercept({ path, method: /.*/ })
      .reply(
        status,
        (opts) => {
          seen.push({ method: opts.method, headers: opts.headers as Record<string, string>, body: opts.body });
          return typeof body === 'string' ? body : JSON.stringify(body);
        },
        { headers },
      );
  return { agent, transport, reply, seen };
}

/** A transport whose pools send to a MockAgent, each noting what it was made with and how it was ended. */
function setupWithPools(options: { ca?: string[] } = {}) {
  const agent = new MockAgent();
  agent.disableNetConnect();
  agents.push(agent);
  const ended: string[] = [];
  const made: { origin: string; options: Record<string, unknown> }[] = [];
  const transport = createTransport({
    base: new URL(`${ORIGIN}/v1/`),
    token: TOKEN,
    readOnly: false,
    timeouts: DEFAULT_TIMEOUTS,
    retry: { ...DEFAULT_RETRY, tries: 1 },
    sleep: async () => undefined,
    userAgent: 'slotui-test',
    ...(options.ca ? { ca: options.ca } : {}),
    pools: (origin, poolOptions) => {
      made.push({ origin, options: poolOptions as Record<string, unknown> });
      return {
        dispatch: (o: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler) =>
          agent.dispatch({ ...o, origin: ORIGIN }, handler),
        close: async () => void ended.push('close'),
        destroy: async () => void ended.push('destroy'),
      } as unknown as Dispatcher;
    },
  });
  return { agent, transport, ended, made };
}

const target: Target = { resource: 'slis', def: RESOURCES.slis, action: 'list' };
const call = (method: Method = 'GET', extra: { body?: Record<string, unknown>; signal?: AbortSignal } = {}) => ({
  method,
  url: new URL(`${ORIGIN}/v1/slis/`),
  target,
  ...extra,
});
async function failure(promise: Promise<unknown>): Promise<SlotuiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SlotuiError);
  return error as SlotuiError;
}
const deep = (levels: number): unknown => (levels === 0 ? 1 : { a: deep(levels - 1) });

describe('the gates before a request is sent', () => {
  it.each<[Method, string]>([
    ['POST', 'create'],
    ['PATCH', 'update'],
    ['DELETE', 'delete'],
  ])('read-only mode refuses a %s, naming it a %s', async (method, action) => {
    const { transport, seen } = setup({ readOnly: true });
    const error = await failure(transport.send(call(method, method === 'DELETE' ? {} : { body: { name: 'x' } })));
    expect(error.kind).toBe('read-only');
    expect(error.message).toContain(`the ${action} request`);
    expect(seen).toEqual([]);
  });

  it('read-only mode lets a GET through', async () => {
    const { transport, reply } = setup({ readOnly: true });
    reply(200, { ok: true });
    await expect(transport.send(call())).resolves.toMatchObject({ status: 200, json: { ok: true } });
  });

  it('a link to another origin is refused before anything is sent', async () => {
    const { transport, seen } = setup();
    const error = await failure(transport.send({ ...call(), url: new URL('https://elsewhere.test/v1/slis/') }));
    expect(error.kind).toBe('insecure');
    expect(seen).toEqual([]);
  });

  it('no token, or one with a space, is refused with what to do', async () => {
    for (const token of ['', 'tok en']) {
      const { transport } = setup({ token });
      const error = await failure(transport.send(call()));
      expect(error.kind).toBe('auth');
      expect(error.advice).toBeDefined();
    }
  });

  it('a request cancelled before it is sent, or after the transport closed, is not sent', async () => {
    const { transport, seen } = setup();
    const aborted = new AbortController();
    aborted.abort();
    expect((await failure(transport.send(call('GET', { signal: aborted.signal })))).kind).toBe('cancelled');
    await transport.close();
    const closed = await failure(transport.send(call()));
    expect(closed.kind).toBe('cancelled');
    expect(closed.message).toContain('closed');
    expect(seen).toEqual([]);
    await transport.close();
  });

  it('a body nested too deep is not sent, named as a new record or a change', async () => {
    const { transport, seen } = setup();
    const post = await failure(transport.send(call('POST', { body: deep(70) as Record<string, unknown> })));
    expect([post.kind, post.message.includes('new record')]).toEqual(['validation', true]);
    const patch = await failure(transport.send(call('PATCH', { body: deep(70) as Record<string, unknown> })));
    expect([patch.kind, patch.message.includes('change')]).toEqual(['validation', true]);
    expect(seen).toEqual([]);
  });
});

describe('what is sent', () => {
  it('the token, JSON accepted, the user agent; a content type only with a body', async () => {
    const { transport, reply, seen } = setup();
    reply(200, {});
    reply(201, { id: 'x' });
    await transport.send(call());
    await transport.send(call('POST', { body: { name: 'n' } }));
    expect(seen.map((s) => [s.method, s.headers.authorization, s.headers['content-type'], s.body])).toEqual([
      ['GET', `Bearer ${TOKEN}`, undefined, undefined],
      ['POST', `Bearer ${TOKEN}`, 'application/json', '{"name":"n"}'],
    ]);
    expect(seen[0]!.headers['user-agent']).toBe('slotui-test');
    expect(seen[0]!.headers.accept).toBe('application/json');
  });
});

describe('how an answer is read', () => {
  it.each<[string, number, unknown, unknown]>([
    ['a 200 with JSON', 200, { a: 1 }, { a: 1 }],
    ['a 204', 204, '', undefined],
    ['a 200 with an empty body', 200, '', undefined],
    ['a 299', 299, { a: 2 }, { a: 2 }],
  ])('%s', async (_what, status, body, json) => {
    const { transport, reply } = setup();
    reply(status, body);
    const answer = await transport.send(call());
    expect(answer).toStrictEqual({ status, json });
  });

  it.each([[300], [404], [500]])('HTTP %i is a failure', async (status) => {
    const { transport, reply } = setup();
    reply(status, { detail: 'no' });
    const error = await failure(transport.send(call()));
    expect(error.status ?? status).toBe(status);
  });

  it('an answer that is not JSON is a protocol failure, not tried again', async () => {
    const { transport, reply, seen } = setup({ tries: 3 });
    reply(200, '<html>oops</html>', '/v1/slis/', { 'content-type': 'text/html' });
    const error = await failure(transport.send(call()));
    expect(error.kind).toBe('protocol');
    expect(seen).toHaveLength(1);
  });

  it('in a list, only the records nested too deep are cut and named; elsewhere a deep answer is refused', async () => {
    const { transport, reply, seen } = setup({ tries: 3 });
    reply(200, { total: 3, results: [{ id: 'a' }, { id: 'b', x: deep(70) }, { id: 'c' }] });
    const list = await transport.send(call());
    expect(list.tooDeepResults).toEqual([1]);
    expect((list.json as { results: { id: string }[] }).results.map((r) => r.id)).toEqual(['a', 'b', 'c']);
    reply(200, { total: 1, results: [{ id: 'a', x: deep(10) }] });
    expect(await transport.send(call())).not.toHaveProperty('tooDeepResults');
    reply(200, { total: 0, results: [], x: deep(70) });
    expect((await failure(transport.send(call()))).kind).toBe('protocol');
    reply(200, { results: 'not a list', x: deep(70) });
    expect((await failure(transport.send(call()))).kind).toBe('protocol');
    expect(seen).toHaveLength(4);
  });

  it('a null or a number is read as it is', async () => {
    const { transport, reply } = setup();
    reply(200, 'null');
    expect((await transport.send(call())).json).toBeNull();
    reply(200, '7');
    expect((await transport.send(call())).json).toBe(7);
  });
});

describe('cancelling and closing', () => {
  it('a request cancelled while its answer is awaited ends as cancelled', async () => {
    const { agent, transport } = setup();
    agent.get(ORIGIN).intercept({ path: '/v1/slis/', method: 'GET' }).reply(200, '{}').delay(60_000);
    const controller = new AbortController();
    const pending = transport.send(call('GET', { signal: controller.signal }));
    controller.abort();
    expect((await failure(pending)).kind).toBe('cancelled');
  });

  it('closing with abort ends the requests under way', async () => {
    const { agent, transport } = setup();
    agent.get(ORIGIN).intercept({ path: '/v1/slis/', method: 'GET' }).reply(200, '{}').delay(60_000);
    const pending = transport.send(call());
    await transport.close({ abort: true });
    expect((await failure(pending)).kind).toBe('cancelled');
  });

  it("the pools check the service's certificate, speak HTTP/1.1 with the timeouts given, and trust an extra CA beside the roots", async () => {
    const poolsOf = async (ca?: string[]) => {
      const { agent, transport, made } = setupWithPools(ca ? { ca } : {});
      agent.get(ORIGIN).intercept({ path: '/v1/slis/', method: 'GET' }).reply(200, '{}').times(2);
      await transport.send(call());
      await transport.send({ ...call(), background: true });
      await transport.close();
      return made;
    };
    const [main, background] = await poolsOf();
    expect(main).toMatchObject({
      origin: ORIGIN,
      options: {
        connect: { rejectUnauthorized: true },
        connections: null,
        connectTimeout: DEFAULT_TIMEOUTS.connectMs,
        headersTimeout: DEFAULT_TIMEOUTS.headersMs,
        bodyTimeout: DEFAULT_TIMEOUTS.bodyMs,
        allowH2: false,
      },
    });
    expect(main!.options.connect).toEqual({ rejectUnauthorized: true });
    expect(main!.options.maxResponseSize).toBeGreaterThan(0);
    // Work made in case goes over a pool of its own, of one connection, made like the first.
    expect(background).toMatchObject({ origin: ORIGIN, options: { ...main!.options, connections: 1 } });
    const [withCa] = await poolsOf([rootCertificates[0]!]);
    expect(withCa!.options.connect).toEqual({ secureContext: expect.any(Object), rejectUnauthorized: true });
  });

  it('the pools: closed when the transport closes, destroyed with abort, left to the process when it ends next', async () => {
    const closedWith = async (options: CloseOptions | undefined, underWay = false) => {
      const { agent, transport, ended } = setupWithPools();
      agent.get(ORIGIN).intercept({ path: '/v1/slis/', method: 'GET' }).reply(200, '{}');
      await transport.send(call());
      let pending: Promise<SlotuiError> | undefined;
      if (underWay) {
        agent.get(ORIGIN).intercept({ path: '/v1/slis/', method: 'GET' }).reply(200, '{}').delay(60_000);
        pending = failure(transport.send(call()));
      }
      await transport.close(options);
      const refused = await failure(transport.send(call()));
      expect(refused.message).toBe('The connection to the service was closed; the request was not sent.');
      return { ended, cancelled: (await pending)?.kind };
    };
    expect(await closedWith(undefined)).toEqual({ ended: ['close'], cancelled: undefined });
    expect(await closedWith({ abort: true })).toEqual({ ended: ['destroy'], cancelled: undefined });
    // The process ends next: nothing under way, the connections go with it (src/cli/main.ts).
    expect(await closedWith({ abort: true, leaveIdle: true })).toEqual({ ended: [], cancelled: undefined });
    // A request under way is cancelled and the pool destroyed, as by abort alone.
    expect(await closedWith({ abort: true, leaveIdle: true }, true)).toEqual({
      ended: ['destroy'],
      cancelled: 'cancelled',
    });
  });
});

describe('the token kept out of errors', () => {
  it('a server that echoes the token, in any letter case, in its message and its fields', async () => {
    const { transport, reply } = setup();
    reply(400, { detail: `bad ${TOKEN.toUpperCase()}`, name: [`not ${TOKEN}`] });
    const error = await failure(transport.send(call('POST', { body: { name: 'n' } })));
    expect(JSON.stringify([error.message, error.fieldErrors])).not.toMatch(/tok-secret-123/i);
    expect(JSON.stringify(error.fieldErrors)).toContain('[redacted]');
  });

  it('an error without the token is given back as it is; other errors pass through', () => {
    const { transport } = setup();
    const plain = new SlotuiError('server', 'no token here', { fieldErrors: { name: ['short'] } });
    expect(transport.guard(plain)).toBe(plain);
    const other = new Error(`has ${TOKEN}`);
    expect(transport.guard(other)).toBe(other);
    const echoed = new SlotuiError('server', `has ${TOKEN}`, { status: 400, retryAfterMs: 5 });
    const guarded = transport.guard(echoed) as SlotuiError;
    expect([guarded.kind, guarded.message, guarded.status, guarded.retryAfterMs]).toEqual([
      'server',
      'has [redacted]',
      400,
      5,
    ]);
    expect(transport.scrub(`a ${TOKEN} b`)).toBe('a [redacted] b');
  });

  it('with no token there is nothing to scrub', () => {
    const { transport } = setup({ token: '' });
    const error = new SlotuiError('server', 'x');
    expect(transport.guard(error)).toBe(error);
    expect(transport.scrub('tok')).toBe('tok');
  });
});

describe('backoff', () => {
  it('a Retry-After of exactly 30 s is waited out; longer is not', () => {
    expect(backoffDelay(1, DEFAULT_RETRY, 30_000, () => 0)).toBe(30_000);
    expect(backoffDelay(1, DEFAULT_RETRY, 30_001, () => 0)).toBeUndefined();
  });
});

describe('more answers and failures', () => {
  it('a record nested just to the limit is kept whole; one level more is cut, and the list stands', async () => {
    const { transport, reply } = setup();
    reply(200, { total: 1, results: [{ id: 'a', x: deep(61) }] });
    expect(await transport.send(call())).not.toHaveProperty('tooDeepResults');
    reply(200, { total: 1, results: [{ id: 'a', x: deep(62) }] });
    expect((await transport.send(call())).tooDeepResults).toEqual([0]);
  });

  it('a network failure is said as such, not as a cancel', async () => {
    const { agent, transport } = setup();
    agent.get(ORIGIN).intercept({ path: '/v1/slis/', method: 'GET' }).replyWithError(new Error('socket hang up'));
    expect((await failure(transport.send(call()))).kind).not.toBe('cancelled');
  });

  it('an HTML content type over a body that does not look like HTML is said to be an HTML page', async () => {
    const { transport, reply } = setup();
    reply(200, 'plain words', '/v1/slis/', { 'content-type': 'text/html; charset=utf-8' });
    expect((await failure(transport.send(call()))).message).toContain('HTML');
  });

  it('a redirect to a link holding the token does not show it', async () => {
    const { transport, reply } = setup();
    reply(302, '', '/v1/slis/', { location: `https://api.test/login?t=${TOKEN}` });
    const error = await failure(transport.send(call()));
    expect(JSON.stringify([error.message, error.advice])).not.toContain(TOKEN);
    expect(error.message).toContain('to https://api.test/login?t=[redacted]');
  });

  it('the token in field messages alone is taken out too', async () => {
    const { transport } = setup();
    const echoed = new SlotuiError('validation', 'The server refused the fields.', {
      fieldErrors: { [`f_${TOKEN}`]: [`not ${TOKEN}`] },
    });
    const guarded = transport.guard(echoed) as SlotuiError;
    expect(guarded).not.toBe(echoed);
    expect(guarded.fieldErrors).toEqual({ 'f_[redacted]': ['not [redacted]'] });
  });

  it('a token with characters that mean something in a pattern is found as written', () => {
    const { transport } = setup({ token: 'tok+1.x(y)' });
    expect(transport.scrub('a tok+1.x(y) b tokk1zxy')).toBe('a [redacted] b tokk1zxy');
  });

  it('each request is told to the observer when it starts and when it ends, failed or not', async () => {
    const events: string[] = [];
    const { transport, reply } = setup({
      onRequest: () => {
        events.push('start');
        return () => events.push('end');
      },
    });
    reply(200, {});
    await transport.send(call());
    reply(500, {});
    await failure(transport.send(call()));
    expect(events).toEqual(['start', 'end', 'start', 'end']);
  });

  it('closing without abort lets a request under way finish', async () => {
    const { agent, transport } = setup();
    agent.get(ORIGIN).intercept({ path: '/v1/slis/', method: 'GET' }).reply(200, '{"ok":1}').delay(20);
    const pending = transport.send(call());
    const closing = transport.close();
    await expect(pending).resolves.toMatchObject({ json: { ok: 1 } });
    await closing;
  });
});

describe('the real wait between tries', () => {
  it('ends after its time, or at once as cancelled when its signal aborts', async () => {
    await expect(realSleep(1)).resolves.toBeUndefined();
    const aborted = new AbortController();
    aborted.abort();
    await expect(realSleep(60_000, aborted.signal)).rejects.toMatchObject({ kind: 'cancelled' });
    const later = new AbortController();
    const waiting = realSleep(60_000, later.signal);
    later.abort();
    await expect(waiting).rejects.toMatchObject({ kind: 'cancelled' });
  });
});

describe('a certificate the machine does not trust', () => {
  // A CA certificate of the machine's own stands for the user's CA file (no socket: the answer is the failure).
  it.each<[string, string[] | undefined, boolean]>([
    ['with a CA file given', [rootCertificates[0]!], true],
    ['with none', undefined, false],
    ['with an empty list of them', [], false],
  ])('%s: the advice says whether that file was tried', async (_what, ca, named) => {
    const { agent, transport } = setup(ca ? { ca } : {});
    const untrusted = Object.assign(new Error('unable to verify the first certificate'), {
      code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    });
    agent.get(ORIGIN).intercept({ path: '/v1/slis/', method: 'GET' }).replyWithError(untrusted);
    const error = await transport.send(call()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SlotuiError);
    expect(error).toMatchObject({ kind: 'tls' });
    expect((error as SlotuiError).message.includes('not even by the CA file given')).toBe(named);
  });
});

describe('a peek at the text of a successful answer', () => {
  it('sees the text and the URL before the answer is parsed, and the answer waits for what it returns', async () => {
    const { transport, reply } = setup();
    reply(200, '{"total":0,"results":[],"next":null}');
    const order: string[] = [];
    let release!: () => void;
    const sent = transport.send({
      ...call(),
      peek: (text, url) => {
        order.push(`peek ${text.length} ${url.pathname}`);
        return new Promise<void>((resolve) => (release = resolve)).then(() => void order.push('released'));
      },
    });
    await expect.poll(() => order).toEqual(['peek 36 /v1/slis/']);
    release();
    await expect(sent).resolves.toMatchObject({ json: { total: 0, results: [], next: null } });
    expect(order).toEqual(['peek 36 /v1/slis/', 'released']);
  });

  it('is not shown an error, an empty answer or a 204', async () => {
    const { transport, reply } = setup();
    const peeked: string[] = [];
    const peek = (text: string) => void peeked.push(text);
    reply(500, 'down');
    reply(200, '');
    reply(204, '');
    for (let i = 0; i < 3; i++) await transport.send({ ...call(), peek }).catch(() => undefined);
    expect(peeked).toEqual([]);
  });
});
