/**
 * The transport whose HTTP stack loads at the first request: nothing is
 * loaded until a request is sent (a dashboard that draws a kept page and
 * quits never loads it), the stack is loaded once for requests sent
 * together, the token is scrubbed before it is loaded, and a transport closed
 * before its first request refuses a request as a closed one does.
 */
import { afterEach, describe, expect, it } from 'vitest';
import MockAgent from 'undici/lib/mock/mock-agent.js';
import { SlotuiError } from '../../src/api/errors.js';
import { createTransport } from '../../src/api/http.js';
import { lazyTransport } from '../../src/api/lazyTransport.js';
import { RESOURCES } from '../../src/api/resources.js';
import { mockTransportOptions } from './mockTransport.js';

const ORIGIN = 'https://api.test';
const TOKEN = 'tok-secret-123';
const agents: MockAgent[] = [];
afterEach(async () => {
  while (agents.length > 0) await agents.pop()!.close();
});

function setup() {
  const agent = new MockAgent();
  agent.disableNetConnect();
  agents.push(agent);
  let loads = 0;
  const transport = lazyTransport(mockTransportOptions(ORIGIN, agent, TOKEN), async () => {
    loads++;
    return { createTransport };
  });
  return { agent, transport, loads: () => loads };
}

const list = () => ({
  method: 'GET' as const,
  url: new URL(`${ORIGIN}/v1/slis/`),
  target: { resource: 'slis' as const, def: RESOURCES.slis, action: 'list' as const },
});

describe('lazyTransport', () => {
  it('loads the HTTP stack at the first request, once for requests sent together', async () => {
    const { agent, transport, loads } = setup();
    expect(loads()).toBe(0);
    agent.get(ORIGIN).intercept({ path: '/v1/slis/', method: 'GET' }).reply(200, { results: [] }).times(2);
    const answers = await Promise.all([transport.send(list()), transport.send(list())]);
    expect(answers.map((a) => a.json)).toEqual([{ results: [] }, { results: [] }]);
    expect(loads()).toBe(1);
  });

  it('takes the token out of errors and texts before anything is loaded', () => {
    const { transport, loads } = setup();
    expect(transport.scrub(`echo ${TOKEN.toUpperCase()}`)).toBe('echo [redacted]');
    const guarded = transport.guard(new SlotuiError('server', `bad ${TOKEN}`, { fieldErrors: { [TOKEN]: [TOKEN] } }));
    expect(guarded).toMatchObject({
      message: 'bad [redacted]',
      fieldErrors: { '[redacted]': ['[redacted]'] },
    });
    expect(loads()).toBe(0);
  });

  it('closed before its first request, loads nothing, and a request after is refused unsent', async () => {
    const { transport, loads } = setup();
    await transport.close({ abort: true });
    expect(loads()).toBe(0);
    await expect(transport.send(list())).rejects.toMatchObject({
      kind: 'cancelled',
      message: 'The connection to the service was closed; the request was not sent.',
    });
  });

  it('closed after its first request, closes the loaded stack', async () => {
    const { agent, transport, loads } = setup();
    agent.get(ORIGIN).intercept({ path: '/v1/slis/', method: 'GET' }).reply(200, { results: [] });
    await transport.send(list());
    await transport.close({ abort: true });
    await expect(transport.send(list())).rejects.toMatchObject({
      kind: 'cancelled',
      message: 'The connection to the service was closed; the request was not sent.',
    });
    expect(loads()).toBe(1);
  });
});
