import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caFileWarning, createClient, readCaFile } from '../../src/api/client.js';
import { startSandbox } from '../../src/sandbox/server.js';
import { expectSlotuiError, tlsMaterial } from './helpers.js';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'slotui-ca-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('readCaFile', () => {
  it('reads the certificates of a PEM file (other blocks left out)', async () => {
    const { cert, key } = await tlsMaterial();
    const file = join(dir, 'ca.pem');
    await writeFile(file, `# our CA\n${cert}\n${key}\n`);
    const pem = await readCaFile(file);
    expect(pem.trim()).toBe(cert.trim());
    expect(pem).not.toContain('PRIVATE KEY');
  });

  it('a missing file, a folder, a non-PEM file and a broken certificate are config errors with a sentence', async () => {
    const missing = await expectSlotuiError(() => readCaFile(join(dir, 'nope.pem')));
    expect(missing.kind).toBe('config');
    expect(missing.message).toMatch(/does not exist\. Set SLOTUI_CA_FILE/);

    const folder = await expectSlotuiError(() => readCaFile(dir));
    expect(folder.message).toContain('is a folder');

    const text = join(dir, 'text.pem');
    await writeFile(text, 'hello');
    expect((await expectSlotuiError(() => readCaFile(text))).message).toContain('holds no PEM certificate');

    const broken = join(dir, 'broken.pem');
    await writeFile(broken, '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n');
    expect((await expectSlotuiError(() => readCaFile(broken))).message).toContain('cannot be read');
  });

  it('the sandbox CA file read this way lets the client verify the sandbox', async () => {
    const sandbox = await startSandbox({ sample: false, seed: 2 });
    try {
      const client = createClient({
        baseUrl: sandbox.baseUrl,
        token: sandbox.token,
        ca: await readCaFile(sandbox.caFile),
      });
      try {
        expect((await client.listPage('slis')).total).toBe(2);
      } finally {
        await client.close();
      }
    } finally {
      await sandbox.close();
    }
  });

  it("a CA file that is not the service's: the advice does not ask to set the CA file already set", async () => {
    const [service, other] = await Promise.all([startSandbox({ sample: false }), startSandbox({ sample: false })]);
    try {
      const plain = createClient({ baseUrl: service.baseUrl, token: service.token, retry: { tries: 1 } });
      const wrongCa = createClient({
        baseUrl: service.baseUrl,
        token: service.token,
        ca: await readCaFile(other.caFile),
        retry: { tries: 1 },
      });
      try {
        const without = await expectSlotuiError(() => plain.listPage('slis'));
        expect(without.message).toContain('set SLOTUI_CA_FILE or give --ca-file');
        const given = await expectSlotuiError(() => wrongCa.listPage('slis'));
        expect(given.kind).toBe('tls');
        expect(given.message).toContain(
          "not even by the CA file given (SLOTUI_CA_FILE or the profile's caFile): that file does not hold the authority that signed it.",
        );
        expect(given.message).not.toMatch(/set SLOTUI_CA_FILE/);
      } finally {
        await Promise.all([plain.close(), wrongCa.close()]);
      }
    } finally {
      await Promise.all([service.close(), other.close()]);
    }
  });

  it('a CA file other users can change is named in a warning (it decides which servers are trusted)', async () => {
    const file = join(dir, 'shared-ca.pem');
    await writeFile(file, 'x', { mode: 0o600 });
    expect(caFileWarning(file)).toBeUndefined();
    await chmod(file, 0o666);
    expect(caFileWarning(file)).toBe(
      `the CA file ${file} can be changed by other users, who could then make slotui trust their server. Run \`chmod go-w ${file}\`.`,
    );
    await chmod(file, 0o644);
    await chmod(dir, 0o777);
    try {
      expect(caFileWarning(file)).toContain('is in a folder other users can change');
    } finally {
      await chmod(dir, 0o700);
    }
  });

  it('createClient refuses a ca option that holds no certificate, synchronously', async () => {
    const error = await expectSlotuiError(() =>
      createClient({ baseUrl: 'https://127.0.0.1:1', token: 'x', ca: 'not a pem' }),
    );
    expect(error.kind).toBe('config');
  });
});
