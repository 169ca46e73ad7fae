/**
 * `list --all`'s young generation: grown once to its fixed size, then never again (startup/heap.ts),
 * over a fake V8 whose young generation grows when the test says so.
 */
import { describe, expect, test } from 'vitest';
import { STREAM_NEW_SPACE_BYTES, growYoungGenerationOnce } from '../../src/startup/heap.js';

const MiB = 1024 * 1024;

function fakeHeap(newSpace: number) {
  const heap = {
    newSpace,
    flags: [] as string[],
    getHeapSpaceStatistics: () =>
      [
        { space_name: 'old_space', space_size: 50 * MiB },
        { space_name: 'new_space', space_size: heap.newSpace },
      ] as ReturnType<typeof import('node:v8').getHeapSpaceStatistics>,
    setFlagsFromString: (flags: string) => void heap.flags.push(flags),
  };
  return heap;
}

function fakeWatch() {
  const watch = { checks: [] as (() => boolean)[] };
  const start = (grown: () => boolean) => void watch.checks.push(grown);
  return { watch, start };
}

describe('the young generation of a stream', () => {
  test('grows once by the factor that reaches its size, then the factor is 1 and the watch ends', () => {
    const heap = fakeHeap(2 * MiB);
    const { watch, start } = fakeWatch();
    growYoungGenerationOnce(heap, STREAM_NEW_SPACE_BYTES, start);
    expect(heap.flags).toEqual(['--semi-space-growth-factor=4 --heap-growing-percent=50']);
    expect(watch.checks).toHaveLength(1);
    const grown = watch.checks[0]!;
    expect(grown()).toBe(false); // not grown yet: nothing changes
    expect(heap.flags).toHaveLength(1);
    heap.newSpace = 8 * MiB;
    expect(grown()).toBe(true);
    expect(heap.flags).toEqual([
      '--semi-space-growth-factor=4 --heap-growing-percent=50',
      '--semi-space-growth-factor=1',
    ]);
    expect(grown()).toBe(true); // asked again: nothing more is set
    expect(heap.flags).toHaveLength(2);
  });

  test('from a smaller first size the factor is larger (one growth, never past the size)', () => {
    const heap = fakeHeap(1 * MiB);
    growYoungGenerationOnce(heap, STREAM_NEW_SPACE_BYTES, fakeWatch().start);
    expect(heap.flags).toEqual(['--semi-space-growth-factor=8 --heap-growing-percent=50']);
  });

  test('already at its size (or past it): no growth and nothing watched', () => {
    for (const size of [8 * MiB, 16 * MiB]) {
      const heap = fakeHeap(size);
      const { watch, start } = fakeWatch();
      growYoungGenerationOnce(heap, STREAM_NEW_SPACE_BYTES, start);
      expect(heap.flags).toEqual(['--semi-space-growth-factor=1 --heap-growing-percent=50']);
      expect(watch.checks).toHaveLength(0);
    }
  });
});
