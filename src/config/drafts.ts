/**
 * Drafts of forms left with Ctrl+C: what was typed is kept in the config
 * folder (a folder of mode 0700, files of mode 0600, written atomically) so
 * the next `c` or `e` of the same record can offer it back. One draft a
 * record (per profile, resource and id; a new record has no id). Nothing here
 * is ever sent anywhere; a draft is removed once saved or declined.
 */
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readPrivateFile } from './privateFile.js';

export interface DraftKey {
  profile: string;
  resource: string;
  /** The record's id; none for a record being created. */
  id?: string;
}

export interface Draft {
  key: DraftKey;
  /** The form's values as typed. */
  values: Record<string, unknown>;
  /** ISO time it was kept. */
  savedAt: string;
}

/** What the forms need of a draft store (a DraftStore, or a fake in tests). */
export type DraftKeeper = Pick<DraftStore, 'dir' | 'save' | 'load' | 'remove'>;

/** A draft bigger than this is not a form's text: refused rather than written. */
const MAX_DRAFT_BYTES = 1024 * 1024;

export class DraftStore {
  readonly dir: string;

  constructor(configDir: string) {
    this.dir = join(resolve(configDir), 'drafts');
  }

  /** Keeps the values (replacing an older draft of the same record). False when it could not be written. */
  save(key: DraftKey, values: Record<string, unknown>, now: Date = new Date()): boolean {
    const draft: Draft = { key: { ...key }, values, savedAt: now.toISOString() };
    const text = JSON.stringify(draft);
    if (Buffer.byteLength(text) > MAX_DRAFT_BYTES) return false;
    const file = this.fileOf(key);
    const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      // A folder made wider by hand (or by an older umask) lists which records have drafts: ours, so narrowed.
      chmodSync(this.dir, 0o700);
      writeFileSync(temp, text, { mode: 0o600 });
      renameSync(temp, file);
      return true;
    } catch {
      rmSync(temp, { force: true });
      return false;
    }
  }

  /**
   * The draft of that record, if one is kept and readable: a regular file of
   * ours that no one else can change, of at most the size a draft can have (a
   * FIFO or a device in its place is passed over, never waited on), not a link.
   */
  load(key: DraftKey): Draft | undefined {
    let parsed: unknown;
    try {
      const read = readPrivateFile(this.fileOf(key), {
        maxBytes: MAX_DRAFT_BYTES,
        noFollow: true,
        ownerUid: process.platform === 'win32' ? undefined : process.getuid?.(),
      });
      if (read.text === undefined) return undefined;
      parsed = JSON.parse(read.text);
    } catch {
      return undefined;
    }
    if (!isDraft(parsed) || !sameKey(parsed.key, key)) return undefined;
    return parsed;
  }

  remove(key: DraftKey): void {
    rmSync(this.fileOf(key), { force: true });
  }

  /** A file name that is safe whatever the id holds: a hash of the key. */
  private fileOf(key: DraftKey): string {
    const hash = createHash('sha256')
      .update(JSON.stringify([key.profile, key.resource, key.id ?? null]))
      .digest('hex')
      .slice(0, 32);
    return join(this.dir, `${hash}.json`);
  }
}

const sameKey = (a: DraftKey, b: DraftKey): boolean =>
  a.profile === b.profile && a.resource === b.resource && (a.id ?? null) === (b.id ?? null);

function isDraft(value: unknown): value is Draft {
  if (!value || typeof value !== 'object') return false;
  const draft = value as Partial<Draft>;
  const key = draft.key as Partial<DraftKey> | undefined;
  return (
    Boolean(key) &&
    typeof key?.profile === 'string' &&
    typeof key.resource === 'string' &&
    (key.id === undefined || key.id === null || typeof key.id === 'string') &&
    typeof draft.savedAt === 'string' &&
    !!draft.values &&
    typeof draft.values === 'object' &&
    !Array.isArray(draft.values)
  );
}
