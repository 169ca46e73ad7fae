import { describe, expect, it } from 'vitest';
import { StringPool } from '../../src/api/stringPool.js';

const parsed = () =>
  JSON.parse(
    '{"id":"sli-1","type":"availability","created_at":"2025-01-06T00:00:00.000Z","updated_at":"2025-01-06T00:00:00.000Z","queries":{"good":{"from":"http_requests","limit":1},"total":{"from":"http_requests","tags":["a","b"]}},"__proto__":"own"}',
  ) as Record<string, unknown>;

describe('StringPool', () => {
  it('hands back an equal string, and the same one for every equal text', () => {
    const pool = new StringPool();
    const first = pool.string(['http', 'requests'].join('_'));
    expect(first).toBe('http_requests');
    expect(pool.string('http_' + 'requests')).toBe(first);
  });

  it('leaves a record as it was, nested objects and arrays, numbers and an own __proto__ key', () => {
    const pool = new StringPool();
    for (let i = 0; i < 3; i++) {
      const record = parsed();
      pool.shareIn(record);
      expect(record).toEqual(parsed());
      expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
      expect(Object.getOwnPropertyDescriptor(record, '__proto__')?.value).toBe('own');
    }
  });

  it('passes a frozen object through untouched', () => {
    const record = Object.freeze(parsed());
    expect(() => new StringPool().shareIn(record)).not.toThrow();
    expect(record).toEqual(parsed());
  });

  it('stays bounded: full, it starts afresh and goes on answering', () => {
    const pool = new StringPool(4, 8);
    const texts = Array.from({ length: 20 }, (_, i) => `text-${i}`);
    expect(texts.map((t) => pool.string(t))).toEqual(texts);
    const long = 'x'.repeat(9);
    expect(pool.string(long)).toBe(long);
  });
});
