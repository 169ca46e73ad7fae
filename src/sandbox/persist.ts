/**
 * The optional data file: loaded at start (checked before it is trusted) and
 * rewritten after every change, atomically (a temp file in the same folder,
 * then a rename), mode 0600.
 */
import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { WIRE_REGISTRY, type Registry } from '../api/resources.js';
import { recordSchemaOf } from '../api/schemas.js';
import type { CollectionSnapshot, DataSnapshot, StoredRecord } from './store.js';

const FORMAT = 'slotui-sandbox-data';
const VERSION = 1;

export class DataFileError extends Error {
  constructor(file: string, problem: string, advice = 'Fix it, or delete it to start from sample data.') {
    super(`The sandbox data file ${file} cannot be used: ${problem} ${advice}`);
    this.name = 'DataFileError';
  }
}

/** The data in `file`, or undefined when there is no such file. Throws DataFileError when it is broken. */
export async function loadDataFile(
  file: string,
  registry: Registry = WIRE_REGISTRY,
): Promise<DataSnapshot | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new DataFileError(file, `it cannot be read (${(err as NodeJS.ErrnoException).code ?? 'unknown error'}).`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new DataFileError(file, 'it is not valid JSON.');
  }
  return checkShape(file, json, registry);
}

/**
 * The file's collections, each checked: a resource without a collection has no records yet (a
 * file written before the resource existed); a collection of a resource this registry does not
 * know is kept as it is.
 */
function checkShape(file: string, json: unknown, registry: Registry): DataSnapshot {
  if (!isObject(json) || json.format !== FORMAT || json.version !== VERSION || !isObject(json.collections)) {
    throw new DataFileError(file, `it is not a slotui sandbox data file (format "${FORMAT}", version ${VERSION}).`);
  }
  const collections = json.collections;
  const data: DataSnapshot = {};
  for (const [name, c] of Object.entries(collections)) {
    if (!registry.has(name)) {
      if (isObject(c) && Array.isArray(c.records)) data[name] = c as unknown as CollectionSnapshot;
      continue;
    }
    if (!isObject(c) || !Array.isArray(c.records)) throw new DataFileError(file, `"${name}" has no records array.`);
    const seen = new Set<string>();
    let highest = 0;
    for (const [i, r] of c.records.entries()) {
      const where = `${name} record ${i + 1}`;
      if (!isObject(r) || typeof r.id !== 'string' || r.id === '')
        throw new DataFileError(file, `${where} has no string id.`);
      if (seen.has(r.id)) throw new DataFileError(file, `${where} repeats the id ${r.id}.`);
      seen.add(r.id);
      if (
        typeof r.created_at !== 'string' ||
        Number.isNaN(Date.parse(r.created_at)) ||
        typeof r.updated_at !== 'string' ||
        Number.isNaN(Date.parse(r.updated_at))
      ) {
        throw new DataFileError(file, `${where} (${r.id}) lacks a valid created_at or updated_at.`);
      }
      if (!recordSchemaOf(registry.get(name)).safeParse(r).success)
        throw new DataFileError(file, `${where} (${r.id}) has fields of the wrong type.`);
      const n = /-(\d+)$/.exec(r.id);
      if (n) highest = Math.max(highest, Number(n[1]));
    }
    const nextNumber =
      typeof c.nextNumber === 'number' && Number.isSafeInteger(c.nextNumber) && c.nextNumber > highest
        ? c.nextNumber
        : highest + 1;
    data[name] = { nextNumber, records: c.records as StoredRecord[] } satisfies CollectionSnapshot;
  }
  return data;
}

async function writeDataFile(file: string, data: DataSnapshot): Promise<void> {
  const temp = join(dirname(file), `.${basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const body = JSON.stringify({ format: FORMAT, version: VERSION, collections: data });
  try {
    // A fresh temp file gets mode 0600 at creation; the rename keeps it.
    await writeFile(temp, body, { mode: 0o600, flag: 'wx' });
    await rename(temp, file);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}

/**
 * Serialises writes and coalesces bursts: a change made while a write is
 * waiting joins that write (it snapshots the data when it starts).
 */
export class Persister {
  private tail: Promise<void> = Promise.resolve();
  private queued: Promise<void> | undefined;

  constructor(
    private readonly file: string,
    private readonly snapshot: () => DataSnapshot,
  ) {}

  save(): Promise<void> {
    if (!this.queued) {
      const run = this.tail.then(() => {
        this.queued = undefined;
        return writeDataFile(this.file, this.snapshot());
      });
      this.queued = run;
      this.tail = run.catch(() => undefined);
    }
    return this.queued;
  }

  /** Waits for every write started or queued so far. */
  flush(): Promise<void> {
    return this.tail;
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
