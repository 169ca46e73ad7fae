import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from '../../src/sandbox/hosts.js';
import { startSandbox } from '../../src/sandbox/server.js';

describe('loopback hosts', () => {
  it.each(['127.0.0.1', '127.1.2.3', 'localhost', 'LOCALHOST', '::1', '[::1]', '::ffff:127.0.0.1'])(
    '%s is loopback',
    (host) => {
      expect(isLoopbackHost(host)).toBe(true);
    },
  );

  it.each([
    '0.0.0.0',
    '::',
    '',
    '10.0.0.5',
    '192.0.2.1',
    '128.0.0.1',
    'slo.example.com',
    'localhost.example.com',
    '::ffff:10.0.0.1',
    '[::]',
  ])('%j is not', (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });

  it('startSandbox refuses a host that is not loopback unless exposed, before it listens', async () => {
    await expect(startSandbox({ host: '0.0.0.0', sample: false })).rejects.toThrow(
      /only loopback addresses unless exposed/,
    );
  });
});
