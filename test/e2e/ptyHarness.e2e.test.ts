/**
 * The pseudo-terminal harness itself (pty.ts): what a program writes just
 * before it exits reaches the test even when the test's process reads it late
 * (under load), which node-pty's own 200 ms limit after an exit would drop.
 */
import type { Socket } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { PtySession } from './pty.js';

let session: PtySession | undefined;
afterEach(() => session?.dispose());

test('output written just before the exit is kept when the test reads it after node-pty gave up on it', async () => {
  session = new PtySession({ file: process.execPath, args: ['-e', 'process.stdout.write("the last words\\n")'] });
  const socket = (session as unknown as { child: { _socket: Socket } }).child._socket;
  // Reading stops (a test process too busy to read), so the socket cannot close by itself: node-pty
  // asks to destroy it 200 ms after the exit.
  socket.pause();
  const destroyAsked = new Promise<void>((resolve) => {
    const destroy = socket.destroy.bind(socket);
    socket.destroy = ((error?: Error) => {
      resolve();
      return destroy(error);
    }) as Socket['destroy'];
  });
  await destroyAsked;
  socket.resume();
  const exit = await session.waitForExit(8_000);
  expect(exit.exitCode).toBe(0);
  expect(session.raw).toContain('the last words');
}, 20_000);
