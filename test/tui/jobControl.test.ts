/**
 * Ctrl+Z's job control without a terminal: the terminal given back before the
 * stop, taken again on SIGCONT (fg) or, when the stop did not happen (an
 * orphaned process group discards it), by itself; SIGTSTP heard again after.
 */
import { EventEmitter } from 'node:events';
import { afterEach, expect, test, vi } from 'vitest';
import { createJobControl } from '../../src/tui/jobControl.js';

afterEach(() => {
  vi.useRealTimers();
});

function harness() {
  const signals = new EventEmitter();
  const written: string[] = [];
  const events: string[] = [];
  const jobs = createJobControl({
    suspendTerminal: async () => {
      events.push('terminal given back');
      return { resume: async () => void events.push('terminal taken again') };
    },
    stdout: { write: (chunk: string) => written.push(chunk) } as unknown as NodeJS.WritableStream,
    stop: () => events.push('stopped'),
    signals: signals as unknown as NodeJS.Process,
    notStoppedAfterMs: 250,
  });
  return { signals, written, events, jobs };
}

test('the terminal goes back before the stop and is taken again on SIGCONT, once', async () => {
  vi.useFakeTimers();
  const { signals, written, events, jobs } = harness();
  await jobs.suspend();
  expect(events).toEqual(['terminal given back', 'stopped']);
  expect(written.join('')).toBe('\u001b[?1049l\u001b[?25h');
  signals.emit('SIGCONT');
  await vi.advanceTimersByTimeAsync(1_000);
  expect(events).toEqual(['terminal given back', 'stopped', 'terminal taken again']);
  expect(written.join('')).toBe('\u001b[?1049l\u001b[?25h\u001b[?1049h\u001b[?25l');
  // SIGTSTP is heard again: a second stop goes through the same way.
  signals.emit('SIGTSTP');
  await vi.advanceTimersByTimeAsync(0);
  expect(events.at(-1)).toBe('stopped');
  jobs.dispose();
});

test('a stop that did not happen (no SIGCONT comes) gives the terminal back to the dashboard by itself', async () => {
  vi.useFakeTimers();
  const { events, jobs } = harness();
  await jobs.suspend();
  await vi.advanceTimersByTimeAsync(249);
  expect(events).toEqual(['terminal given back', 'stopped']);
  await vi.advanceTimersByTimeAsync(1);
  expect(events).toEqual(['terminal given back', 'stopped', 'terminal taken again']);
  jobs.dispose();
});

test('after dispose, SIGTSTP is no longer heard', async () => {
  const { signals, events, jobs } = harness();
  jobs.dispose();
  signals.emit('SIGTSTP');
  await Promise.resolve();
  expect(events).toEqual([]);
});
