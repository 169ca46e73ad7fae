// Renders the pictures of docs/pictures/ from the real program: the built
// slotui on its demo sandbox in a pseudo-terminal, its screen read by a
// headless xterm and written as SVG (scripts/pictures/svg.mjs). Each picture
// carries a hash of what it was made from (scripts/pictures/inputs.mjs);
// test/pictures.test.ts fails when a source changed since, so the pictures
// never show a dashboard that is no longer there. `npm run pictures` after a
// change to the dashboard.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import process from 'node:process';
import { setTimeout as sleep } from 'node:timers/promises';
import pty from 'node-pty';
import xterm from '@xterm/headless';
import { inputsHash, PICTURES } from './pictures/inputs.mjs';
import { screenSvg } from './pictures/svg.mjs';

const root = resolve(import.meta.dirname, '..');
const node = join(root, 'node_modules/.bin/node');

/**
 * The pictures show ages ("2y262d"), times left and how long ago the list was read: the program's
 * clock stands still at this moment (its timers still run), so a picture drawn tomorrow is the
 * one drawn today.
 */
const PICTURE_TIME = Date.UTC(2026, 10, 25, 9, 0, 0);
const stoppedClock = `data:text/javascript,${encodeURIComponent(
  `const Real = Date; globalThis.Date = class Date extends Real {` +
    ` constructor(...a) { if (a.length === 0) super(${PICTURE_TIME}); else super(...a); }` +
    ` static now() { return ${PICTURE_TIME}; } };`,
)}`;

/** One run of the demo: keys pressed in order, waiting for a text after each, then the screen as SVG. */
async function picture({ name, title, cols, rows, steps }) {
  const configDir = mkdtempSync(join(tmpdir(), 'slotui-pictures-'));
  const term = new xterm.Terminal({ cols, rows, allowProposedApi: true });
  const child = pty.spawn(node, ['--import', stoppedClock, join(root, 'dist/slotui.js'), '--demo'], {
    name: 'xterm-256color',
    cols,
    rows,
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: configDir, TERM: 'xterm-256color', SLOTUI_CONFIG_DIR: configDir },
  });
  let pending = Promise.resolve();
  child.onData((data) => (pending = pending.then(() => new Promise((done) => term.write(data, done)))));
  const screen = () => {
    const buffer = term.buffer.active;
    return Array.from(
      { length: rows },
      (_, i) => buffer.getLine(buffer.viewportY + i)?.translateToString(true) ?? '',
    ).join('\n');
  };
  const waitFor = async (text) => {
    const deadline = Date.now() + 20_000;
    for (;;) {
      await pending;
      if (screen().includes(text)) return;
      if (Date.now() > deadline) throw new Error(`${name}: "${text}" never showed. Screen:\n${screen()}`);
      await sleep(50);
    }
  };
  try {
    for (const [keys, text] of steps) {
      if (keys) child.write(keys);
      await waitFor(text);
    }
    // Let the frame that follows the awaited text settle (a spinner, a count).
    await sleep(500);
    await pending;
    // The demo sandbox listens on a port of the system's choosing (always five digits on Linux):
    // one fixed port in the picture, so drawing it again changes nothing when nothing changed.
    return screenSvg(term, title).replace(/127\.0\.0\.1:\d{5}\b/g, '127.0.0.1:40443');
  } finally {
    child.kill('SIGTERM');
    term.dispose();
    rmSync(configDir, { recursive: true, force: true });
  }
}

const hash = inputsHash(root);
mkdirSync(join(root, 'docs/pictures'), { recursive: true });
for (const spec of PICTURES) {
  const svg = await picture(spec);
  writeFileSync(join(root, 'docs/pictures', `${spec.name}.svg`), `<!-- slotui-inputs: ${hash} -->\n${svg}`);
  process.stdout.write(`docs/pictures/${spec.name}.svg\n`);
}
