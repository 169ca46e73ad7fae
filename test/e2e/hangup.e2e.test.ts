/**
 * A dropped SSH connection or a closed terminal window, in a real
 * pseudo-terminal whose master side is closed under the program: the form's
 * draft is kept (the way out drafts exist for), and the program ends.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, expect, test } from 'vitest';
import { ensureBuilt, PtySession } from './pty.js';

let session: PtySession | undefined;
beforeAll(() => ensureBuilt(), 180_000);
afterEach(() => {
  session?.dispose();
  session = undefined;
});

const line = (s: PtySession, label: string): string => s.lines().find((l) => l.includes(label)) ?? '';

test('the terminal gone under an open form: the draft is kept, the program ends', async () => {
  const s = (session = new PtySession());
  await s.waitForText('checkout-api availability');
  s.press('c');
  await s.waitForText('New SLI');
  s.press('typed before the drop');
  await s.waitFor(() => line(s, 'Name *').includes('[typed before the drop'), 'the name typed');
  s.hangUp();
  await s.waitForExit();
  const drafts = join(s.configDir, 'drafts');
  const files = readdirSync(drafts);
  expect(files).toHaveLength(1);
  expect(readFileSync(join(drafts, files[0]!), 'utf8')).toContain('typed before the drop');
}, 60_000);
