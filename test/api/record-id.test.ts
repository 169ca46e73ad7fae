/**
 * An id is one path segment: "." and ".." would be resolved away by URL
 * parsing (DELETE /v1/slis/. is DELETE /v1/slis/, the collection). Refused
 * where record URLs are built, before any socket.
 */
import { describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/client.js';
import { itemUnder } from '../../src/api/origin.js';
import { expectSlotuiError } from './helpers.js';

const NOT_ONE_SEGMENT = ['.', '..', '', '  '];

describe('record ids', () => {
  it.each(NOT_ONE_SEGMENT)('itemUnder refuses %j', async (id) => {
    const error = await expectSlotuiError(() => itemUnder(new URL('https://slo.example.com/v1/slis/'), id));
    expect(error.kind).toBe('usage');
  });

  it('keeps an ordinary id as one encoded segment', () => {
    expect(itemUnder(new URL('https://slo.example.com/v1/slis/'), 'sli 42?#').href).toBe(
      'https://slo.example.com/v1/slis/sli%2042%3F%23/',
    );
    expect(itemUnder(new URL('https://slo.example.com/v1/slis/'), '...').pathname).toBe('/v1/slis/.../');
    expect(itemUnder(new URL('https://slo.example.com/v1/slis/'), '../organizations').pathname).toBe(
      '/v1/slis/..%2Forganizations/',
    );
  });

  it.each(['.', '..'])('get, update and remove refuse %j with a usage error before anything is sent', async (id) => {
    // Port 9 (discard) on loopback: were anything sent, the error would be a network one.
    const client = createClient({ baseUrl: 'https://127.0.0.1:9', token: 'tok', retry: { tries: 1 } });
    try {
      for (const call of [
        () => client.get('slis', id),
        () => client.update('slos', id, { name: 'x' }),
        () => client.remove('agreements', id),
      ]) {
        const error = await expectSlotuiError(call);
        expect(error.kind).toBe('usage');
        expect(error.message).toMatch(
          /^The (sli|slo|agreement) id ".*" cannot be sent \(.*\)\. Give the id of a record, as shown by `slotui list \w+`\.$/,
        );
      }
    } finally {
      await client.close();
    }
  });
});
