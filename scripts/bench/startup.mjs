// Start-up figures, measured in interleaved rounds so that every figure meets
// the same machine load as its reference: bare `node -e 0` and curl (with its
// one CA file), the floors of this stack (one undici GET, one Ink frame, both
// run like slotui: CommonJS parts with V8's code cache), and slotui itself
// with a warm code cache and a cold one (a fresh cache folder each run).
// With --baseline, a second build (e.g. main's dist) is measured in the same
// rounds, cold and warm (its own compile cache lives in TMPDIR).
import { build } from 'esbuild';
import { copyFile, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { join } from 'node:path';
import process from 'node:process';
import { URL, fileURLToPath } from 'node:url';
import { bundlePlugins, partDefines, toPart } from '../build-parts.mjs';
import { CURL } from './cli.mjs';
import { runProcess } from './proc.mjs';
import { PtySession } from './pty.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const FLOOR_LINE = 'floor line 29';
const FIRST_FRAME_TIMEOUT_MS = 20_000;

/**
 * Builds a floor like slotui: the floor's code as the one part of a copy of
 * slotui's entry. Returns the entry to run.
 */
export async function buildFloor(tempDir, name, bin) {
  const dir = join(tempDir, `floor-${name}`);
  await mkdir(join(dir, 'parts'), { recursive: true });
  const out = await build({
    absWorkingDir: root,
    entryPoints: [join(root, 'scripts', 'bench', 'floors', `${name}.mjs`)],
    write: false,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    minify: true,
    legalComments: 'none',
    ...partDefines(root),
    plugins: bundlePlugins(root),
    logLevel: 'warning',
  });
  await writeFile(join(dir, 'parts', 'main.js'), await toPart(out.outputFiles[0].text));
  await copyFile(bin, join(dir, 'slotui.js'));
  return join(dir, 'slotui.js');
}

/**
 * A TCP relay to the sandbox on 127.0.0.1: it passes connections through until
 * `hold()`, then accepts new ones and never answers (a service that hangs).
 */
async function startRelay(targetPort) {
  let holding = false;
  const sockets = new Set();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    if (holding) return;
    const upstream = connect(Number(targetPort), '127.0.0.1');
    upstream.on('error', () => socket.destroy());
    socket.pipe(upstream).pipe(socket);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: server.address().port,
    hold: () => {
      holding = true;
    },
    dispose: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

/** A program's first frame in a pty: ms from the spawn to `predicate(screen)`, then it quits (q) or ends. */
async function firstFrame(ctx, file, args, env, predicate, { quit }) {
  const session = new PtySession(process.execPath, [file, ...args], { env, cwd: ctx.cwd });
  ctx.live.add(session);
  try {
    const drawn = await session.waitForScreen(predicate, FIRST_FRAME_TIMEOUT_MS, `the first frame of ${file}`);
    const exit = await session.quit(quit ? 'q' : undefined, 10_000);
    if (exit.exitCode !== 0) throw new Error(`${file} exited with ${exit.exitCode}.`);
    return drawn - session.spawnedAt;
  } finally {
    session.dispose();
    ctx.live.delete(session);
  }
}

async function bare(ctx) {
  const session = new PtySession(process.execPath, ['-e', '0'], { env: ctx.env, cwd: ctx.cwd });
  ctx.live.add(session);
  try {
    return (await session.quit(undefined, 10_000)).at - session.spawnedAt;
  } finally {
    session.dispose();
    ctx.live.delete(session);
  }
}

function checked(result, what) {
  if (result.code !== 0) throw new Error(`${what} exited with ${result.code}: ${result.stderr.trim().slice(0, 300)}`);
  return result.ms;
}

/**
 * Every start-up figure, `rounds` interleaved rounds after one warm-up round.
 * Returns arrays of ms per figure.
 */
export async function startupRounds(ctx, { rounds, curlArgs, firstName, baseline }) {
  const floorGet = await buildFloor(ctx.tempDir, 'undici-get', ctx.bin);
  const floorInk = await buildFloor(ctx.tempDir, 'ink-frame', ctx.bin);
  const homes = join(ctx.tempDir, 'cache-homes');
  await mkdir(homes, { recursive: true });
  /** A cache folder kept across rounds (warm) or new for each run (cold), for the code cache and Node's compile cache. */
  const warmEnv = async (name) => {
    const dir = join(homes, `warm-${name}`);
    await mkdir(dir, { recursive: true });
    return { ...ctx.env, XDG_CACHE_HOME: dir, TMPDIR: dir };
  };
  const coldEnv = async () => {
    const dir = await mkdtemp(join(homes, 'cold-'));
    return { ...ctx.env, XDG_CACHE_HOME: dir, TMPDIR: dir };
  };
  const programs = [{ label: 'slotui', bin: ctx.bin }];
  if (baseline) programs.push({ label: 'baseline', bin: baseline });
  const env = { floorGet: await warmEnv('floor-get'), floorInk: await warmEnv('floor-ink') };
  for (const p of programs) p.warm = await warmEnv(p.label);

  const row = (name) => (s) => !!s.includes(name.slice(0, 30));
  const list = (bin, e) =>
    runProcess(process.execPath, [bin, 'list', 'slis', '--limit', '25', '--json'], { env: e }).then((r) =>
      checked(r, 'slotui list slis --limit 25 --json'),
    );
  // The service's page: a frame of the page kept by the last run (marked cached) does not count here.
  const dashboard = (bin, e) =>
    firstFrame(ctx, bin, [], e, (s) => row(firstName)(s) && !s.includes('cached ·'), { quit: true });
  const url = `${ctx.sandbox.baseUrl}/v1/slis/?limit=25&offset=0`;

  // The first frame drawn from the page kept by the last run, while the service does not answer:
  // a relay in front of the sandbox passes the priming run through, then holds every connection.
  // Each program keeps its own page (and code cache) in a folder of its own.
  const relay = await startRelay(new URL(ctx.sandbox.baseUrl).port);
  ctx.live.add(relay);
  for (const p of programs) {
    p.cached = { ...(await warmEnv(`cached-${p.label}`)), SLOTUI_BASE_URL: `https://127.0.0.1:${relay.port}` };
    await dashboard(p.bin, p.cached);
  }
  relay.hold();
  const fromCache = (p) => () =>
    firstFrame(ctx, p.bin, [], p.cached, (s) => row(firstName)(s) && s.includes('cached'), { quit: true });

  const steps = [
    ['bare node', () => bare(ctx)],
    ['curl', () => runProcess(CURL, [...curlArgs, url], { env: ctx.env }).then((r) => checked(r, 'curl'))],
    [
      'floor: undici GET',
      () => runProcess(process.execPath, [floorGet], { env: env.floorGet }).then((r) => checked(r, 'the undici floor')),
    ],
    [
      'floor: Ink frame',
      () => firstFrame(ctx, floorInk, [], env.floorInk, (s) => s.includes(FLOOR_LINE), { quit: false }),
    ],
  ];
  for (const p of programs) {
    steps.push([`${p.label}: first frame from the kept page, service silent`, fromCache(p)]);
    steps.push([`${p.label}: list, warm`, () => list(p.bin, p.warm)]);
    steps.push([`${p.label}: list, cold`, async () => list(p.bin, await coldEnv())]);
    steps.push([`${p.label}: first frame, warm`, () => dashboard(p.bin, p.warm)]);
    steps.push([`${p.label}: first frame, cold`, async () => dashboard(p.bin, await coldEnv())]);
  }
  const results = Object.fromEntries(steps.map(([name]) => [name, []]));
  for (let round = 0; round <= rounds; round++) {
    // Round 0 warms the caches and the file system; it is not counted.
    for (const [name, step] of round % 2 ? steps : [...steps].reverse()) {
      const ms = await step();
      if (round > 0) results[name].push(ms);
    }
  }
  return results;
}
