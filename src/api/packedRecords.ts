/**
 * Records held packed: each record's fields written as compact bytes in large
 * shared chunks, with the place of each record in typed arrays, and read back
 * (a new object) when asked for. A million records held as parsed objects
 * take about 600 bytes each on the JavaScript heap, and V8 keeps half as much
 * again spare; packed they take about 200 bytes outside it.
 *
 * What makes them small: a record's keys are written once per set of keys
 * (its shape), strings that repeat across records (types, units, formulas)
 * once in a bounded table, a string that repeats within a record (created_at
 * and updated_at) as a reference to its first copy, whole numbers as
 * variable-length integers. The id is written first, so the id of a position
 * and the position of an id (an open-addressing table of positions) need no
 * decoding.
 *
 * Reading gives back the same fields, in the same order, with the same
 * values (a `__proto__` field stays an own field, a record that did not fit
 * its schema keeps why).
 */
import { ODD_RECORD, oddReason, type ApiRecord } from './record.js';

/** Bytes of one chunk: a record goes whole into one (a larger record gets a chunk of its own). */
const CHUNK_BYTES = 4 * 1024 * 1024;
/** Strings that repeat across records are kept once, up to this many (those after are written out). */
const MAX_SHARED_STRINGS = 65_536;
/** Only short strings are worth sharing (names of types, units, formulas; not descriptions). */
const MAX_SHARED_LENGTH = 64;
/** Strings seen once, remembered to tell a second sighting; forgotten all at once when full. */
const MAX_CANDIDATES = 4096;
/** Strings of one record that a later equal one may refer to (the first ones: the look-up is linear). */
const MAX_LOCAL_STRINGS = 32;
/** Shapes (sets of keys) kept; objects of other shapes write their keys out. */
const MAX_SHAPES = 4096;

// Tags: the first byte of every value.
const NULL = 0;
const FALSE = 1;
const TRUE = 2;
const UNDEFINED = 3;
const UINT = 4; // a whole number 0 ≤ n < 2^31, as a varint
const FLOAT = 5; // any other number, 8 bytes
const ASCII = 6; // a string of single-byte characters: varint length, bytes
const UTF8 = 7; // any other string: varint byte length, UTF-8
const SHARED = 8; // a string of the shared table: varint index
const LOCAL = 9; // a string written earlier in this record: varint index among them
const ID = 10; // the record's id (written in its header)
const ARRAY = 11; // varint count, values
const SHAPED = 12; // an object: varint shape, values in its keys' order
const KEYED = 13; // an object of a shape not kept: varint count, then (key string, value) pairs

// A record's header: a flag byte, the id (varint byte length, UTF-8), then the reason it was odd (when flagged), then its fields.
const FLAG_ODD = 1;

interface Shape {
  keys: readonly string[];
  /** Builds an object of these keys, each value read in turn: made when the shape is first read (build). */
  build?: Build;
  /** Objects of this shape read so far. */
  reads: number;
}

/** An object of one shape, its values read in its keys' order. */
type Build = (next: () => unknown) => Record<string, unknown>;

/** Shapes read this often get a builder of their own (most records of a resource share a few shapes). */
const BUILT_AFTER_READS = 8;
/** At most this many builders are made (each is compiled code), shared by every store of the process. */
const MAX_BUILT_SHAPES = 256;
const builders = new Map<string, Build>();

/**
 * A function that makes the object with one object literal: an object built key by key goes
 * through a change of hidden class at every key, and reading a million records spent most of its
 * time there. The keys are written as JSON strings (any text is a valid literal so), and
 * `__proto__` as a computed key, which makes an own field rather than setting the prototype.
 */
function builderOf(keys: readonly string[]): Build | undefined {
  const name = keys.join('\u0000');
  const known = builders.get(name);
  if (known || builders.size >= MAX_BUILT_SHAPES) return known;
  const fields = keys.map((key) => `${key === '__proto__' ? `[${JSON.stringify(key)}]` : JSON.stringify(key)}: next()`);
  const build = new Function('next', `return { ${fields.join(', ')} };`) as Build;
  builders.set(name, build);
  return build;
}

/**
 * What the bytes refer to (shapes, shared strings): shared by the stores of
 * one resource, so a record's bytes can be copied from one store to another.
 * It only grows, to its bounds.
 */
export class PackCodec {
  private readonly shapes: Shape[] = [];
  private readonly shapeIds = new Map<string, number>();
  private readonly shared: string[] = [];
  private readonly sharedIds = new Map<string, number>();
  private readonly candidates = new Set<string>();
  private scratch = Buffer.allocUnsafe(4096);
  private length = 0;
  private readonly local: string[] = [];

  /** Whether strings seen now count towards sharing them (not when a record is only compared). */
  private learning = true;

  /**
   * The record's bytes, valid until the next call. `learn: false` (a record only compared with one
   * held) leaves the shared strings as they are: seeing a record again is not seeing its strings twice.
   */
  encode(record: ApiRecord, learn = true): Buffer {
    this.learning = learn;
    this.length = 0;
    this.local.length = 0;
    const reason = oddReason(record);
    const id = String(record.id);
    this.byte(reason === undefined ? 0 : FLAG_ODD);
    this.text(id);
    if (reason !== undefined) this.text(reason);
    this.object(record, id);
    return this.scratch.subarray(0, this.length);
  }

  /** The record written at `at` of `bytes`. */
  decode(bytes: Buffer, at: number): ApiRecord {
    const reader = new Reader(bytes, at, this.shapes, this.shared);
    const flags = reader.byte();
    const id = reader.text();
    const reason = flags & FLAG_ODD ? reader.text() : undefined;
    const record = reader.value(id) as ApiRecord;
    if (reason !== undefined) (record as Record<symbol, unknown>)[ODD_RECORD] = reason;
    return record;
  }

  /** The id of the record written at `at` of `bytes`. */
  idOf(bytes: Buffer, at: number): string {
    return new Reader(bytes, at + 1, this.shapes, this.shared).text();
  }

  private object(value: Record<string, unknown>, id: string): void {
    const keys = Object.keys(value);
    const shape = this.shapeOf(keys);
    if (shape === undefined) {
      this.byte(KEYED);
      this.varint(keys.length);
      for (const key of keys) {
        this.text(key);
        this.value(value[key], id);
      }
      return;
    }
    this.byte(SHAPED);
    this.varint(shape);
    for (const key of keys) this.value(value[key], id);
  }

  private value(value: unknown, id: string): void {
    if (value === null) this.byte(NULL);
    else if (value === false) this.byte(FALSE);
    else if (value === true) this.byte(TRUE);
    else if (value === undefined) this.byte(UNDEFINED);
    else if (typeof value === 'number') this.number(value);
    else if (typeof value === 'string') {
      if (value === id) this.byte(ID);
      else this.string(value);
    } else if (Array.isArray(value)) {
      this.byte(ARRAY);
      this.varint(value.length);
      for (const item of value) this.value(item, id);
    } else if (typeof value === 'object') this.object(value as Record<string, unknown>, id);
    // Records come from JSON: nothing else is in them (a function or a symbol would be left out by JSON too).
    else this.byte(UNDEFINED);
  }

  private number(n: number): void {
    if (Number.isInteger(n) && n >= 0 && n < 2 ** 31 && !Object.is(n, -0)) {
      this.byte(UINT);
      this.varint(n);
      return;
    }
    this.room(9);
    this.scratch[this.length++] = FLOAT;
    this.scratch.writeDoubleLE(n, this.length);
    this.length += 8;
  }

  private string(text: string): void {
    const shared = this.sharedIds.get(text);
    if (shared !== undefined) {
      this.byte(SHARED);
      this.varint(shared);
      return;
    }
    const local = this.local.indexOf(text);
    if (local >= 0) {
      this.byte(LOCAL);
      this.varint(local);
      return;
    }
    if (this.learning && text.length <= MAX_SHARED_LENGTH && this.shared.length < MAX_SHARED_STRINGS) {
      if (this.candidates.has(text)) {
        // Seen in another record before: shared from now on.
        this.candidates.delete(text);
        this.sharedIds.set(text, this.shared.length);
        this.shared.push(text);
        this.byte(SHARED);
        this.varint(this.shared.length - 1);
        return;
      }
      if (this.candidates.size >= MAX_CANDIDATES) this.candidates.clear();
      this.candidates.add(text);
    }
    if (this.local.length < MAX_LOCAL_STRINGS) this.local.push(text);
    this.tagged(text);
  }

  /** A string with its tag: ASCII when every character is one byte, else UTF-8. */
  private tagged(text: string): void {
    const bytes = Buffer.byteLength(text, 'utf8');
    this.room(bytes + 6);
    this.scratch[this.length++] = bytes === text.length ? ASCII : UTF8;
    this.varint(bytes);
    this.length += this.scratch.write(text, this.length, bytes, 'utf8');
  }

  /** A string without a tag (the id, the odd reason, keys of unshaped objects). */
  private text(text: string): void {
    const bytes = Buffer.byteLength(text, 'utf8');
    this.room(bytes + 5);
    this.varint(bytes);
    this.length += this.scratch.write(text, this.length, bytes, 'utf8');
  }

  private shapeOf(keys: readonly string[]): number | undefined {
    const name = keys.join('\u0000');
    const known = this.shapeIds.get(name);
    if (known !== undefined || this.shapes.length >= MAX_SHAPES) return known;
    this.shapeIds.set(name, this.shapes.length);
    this.shapes.push({ keys: [...keys], reads: 0 });
    return this.shapes.length - 1;
  }

  private byte(b: number): void {
    this.room(1);
    this.scratch[this.length++] = b;
  }

  private varint(n: number): void {
    this.room(5);
    while (n >= 0x80) {
      this.scratch[this.length++] = (n & 0x7f) | 0x80;
      n >>>= 7;
    }
    this.scratch[this.length++] = n;
  }

  private room(bytes: number): void {
    if (this.length + bytes <= this.scratch.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.scratch.length * 2, this.length + bytes));
    this.scratch.copy(grown, 0, 0, this.length);
    this.scratch = grown;
  }
}

class Reader {
  private readonly local: string[] = [];
  private id = '';
  private readonly next = (): unknown => this.value();

  constructor(
    private readonly bytes: Buffer,
    private at: number,
    private readonly shapes: readonly Shape[],
    private readonly shared: readonly string[],
  ) {}

  byte(): number {
    return this.bytes[this.at++]!;
  }

  varint(): number {
    let n = 0;
    let shift = 0;
    let b: number;
    do {
      b = this.bytes[this.at++]!;
      n += (b & 0x7f) * 2 ** shift;
      shift += 7;
    } while (b & 0x80);
    return n;
  }

  text(): string {
    const length = this.varint();
    const text = this.bytes.toString('utf8', this.at, this.at + length);
    this.at += length;
    return text;
  }

  /** The record's fields (the top-level object), the id known. */
  value(id?: string): unknown {
    if (id !== undefined) this.id = id;
    const tag = this.byte();
    switch (tag) {
      case NULL:
        return null;
      case FALSE:
        return false;
      case TRUE:
        return true;
      case UINT:
        return this.varint();
      case FLOAT: {
        const n = this.bytes.readDoubleLE(this.at);
        this.at += 8;
        return n;
      }
      case ASCII: {
        const length = this.varint();
        const text = this.bytes.toString('latin1', this.at, this.at + length);
        this.at += length;
        if (this.local.length < MAX_LOCAL_STRINGS) this.local.push(text);
        return text;
      }
      case UTF8: {
        const text = this.text();
        if (this.local.length < MAX_LOCAL_STRINGS) this.local.push(text);
        return text;
      }
      case SHARED:
        return this.shared[this.varint()];
      case LOCAL:
        return this.local[this.varint()];
      case ID:
        return this.id;
      case ARRAY: {
        const count = this.varint();
        const items: unknown[] = [];
        for (let i = 0; i < count; i++) items.push(this.value());
        return items;
      }
      case SHAPED: {
        const shape = this.shapes[this.varint()]!;
        if (shape.build) return shape.build(this.next);
        if (++shape.reads === BUILT_AFTER_READS) shape.build = builderOf(shape.keys);
        const out: Record<string, unknown> = {};
        for (const key of shape.keys) setOwn(out, key, this.value());
        return out;
      }
      case KEYED: {
        const count = this.varint();
        const out: Record<string, unknown> = {};
        for (let i = 0; i < count; i++) setOwn(out, this.text(), this.value());
        return out;
      }
      default:
        return undefined;
    }
  }
}

/** `__proto__` as an own field, as the records were read (src/api/validate.ts). */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/** What readers of the records held may ask (the index's records of a resource). */
export interface HeldRecords extends Iterable<ApiRecord> {
  readonly length: number;
  /** The record at `position` (from the end when negative), read from its bytes: a new object each time (undefined past the end). */
  at(position: number): ApiRecord | undefined;
  idAt(position: number): string | undefined;
  positionOf(id: string): number | undefined;
}

/** The records of one resource, in order, packed; their positions by id. */
export class PackedRecords implements HeldRecords {
  private chunks: Buffer[] = [];
  /** Bytes used of the last chunk. */
  private used = CHUNK_BYTES;
  private chunkOf = new Uint32Array(1024);
  private startOf = new Uint32Array(1024);
  private lengthOf = new Uint32Array(1024);
  private count = 0;
  private written = 0;
  /** Open addressing: position + 1 per slot, 0 for none. */
  private slots = new Int32Array(2048);

  constructor(readonly codec: PackCodec) {}

  get length(): number {
    return this.count;
  }

  /** Bytes written for the records (those replaced too), without the chunks' unused ends. */
  get bytes(): number {
    return this.written;
  }

  /** The record at `position`: a new object each time (undefined past the end). */
  at(position: number): ApiRecord | undefined {
    // As an array's at(): from the end when negative.
    if (position < 0) position += this.count;
    if (!(position >= 0 && position < this.count)) return undefined;
    return this.codec.decode(this.chunks[this.chunkOf[position]!]!, this.startOf[position]!);
  }

  idAt(position: number): string | undefined {
    if (!(position >= 0 && position < this.count)) return undefined;
    return this.codec.idOf(this.chunks[this.chunkOf[position]!]!, this.startOf[position]!);
  }

  positionOf(id: string): number | undefined {
    const mask = this.slots.length - 1;
    for (let slot = hash(id) & mask; ; slot = (slot + 1) & mask) {
      const held = this.slots[slot]!;
      if (held === 0) return undefined;
      if (this.idAt(held - 1) === id) return held - 1;
    }
  }

  has(id: string): boolean {
    return this.positionOf(id) !== undefined;
  }

  get(id: string): ApiRecord | undefined {
    const at = this.positionOf(id);
    return at === undefined ? undefined : this.at(at);
  }

  /** Adds the record, or replaces the one with its id (a list that shifted while it was read shows a record twice). */
  place(record: ApiRecord): 'added' | 'replaced' {
    const at = this.positionOf(String(record.id));
    const bytes = this.codec.encode(record);
    if (at !== undefined) {
      this.write(at, bytes);
      return 'replaced';
    }
    this.append(bytes);
    return 'added';
  }

  /** Appends the record at `position` of `from` (a store of the same codec) as it is, without reading it. */
  copyFrom(from: PackedRecords, position: number): void {
    const chunk = from.chunks[from.chunkOf[position]!]!;
    const start = from.startOf[position]!;
    this.append(chunk.subarray(start, start + from.lengthOf[position]!));
  }

  /** Whether the record at `position` has the same bytes as `record` would (false can still mean equal fields). */
  sameBytes(position: number, record: ApiRecord): boolean {
    const bytes = this.codec.encode(record, false);
    if (bytes.length !== this.lengthOf[position]) return false;
    const start = this.startOf[position]!;
    return bytes.equals(this.chunks[this.chunkOf[position]!]!.subarray(start, start + bytes.length));
  }

  /** Removes the record with this id; those after it move up one place. */
  remove(id: string): void {
    const at = this.positionOf(id);
    if (at === undefined) return;
    for (const column of [this.chunkOf, this.startOf, this.lengthOf]) column.copyWithin(at, at + 1, this.count);
    this.count--;
    this.slots = new Int32Array(this.slots.length);
    for (let p = 0; p < this.count; p++) this.index(p);
  }

  *[Symbol.iterator](): Iterator<ApiRecord> {
    for (let p = 0; p < this.count; p++) yield this.at(p)!;
  }

  private append(bytes: Buffer): void {
    if (this.count === this.chunkOf.length) {
      this.chunkOf = grown(this.chunkOf);
      this.startOf = grown(this.startOf);
      this.lengthOf = grown(this.lengthOf);
    }
    this.write(this.count++, bytes);
    if (this.count * 2 > this.slots.length) {
      this.slots = new Int32Array(this.slots.length * 2);
      for (let p = 0; p < this.count; p++) this.index(p);
    } else this.index(this.count - 1);
  }

  /** Writes the bytes at the end of the last chunk (a new chunk when they do not fit) as the record at `position`. */
  private write(position: number, bytes: Buffer): void {
    if (this.used + bytes.length > CHUNK_BYTES) {
      this.chunks.push(Buffer.allocUnsafe(Math.max(CHUNK_BYTES, bytes.length)));
      this.used = 0;
    }
    bytes.copy(this.chunks[this.chunks.length - 1]!, this.used);
    this.chunkOf[position] = this.chunks.length - 1;
    this.startOf[position] = this.used;
    this.lengthOf[position] = bytes.length;
    this.used += bytes.length;
    this.written += bytes.length;
  }

  private index(position: number): void {
    const mask = this.slots.length - 1;
    let slot = hash(this.idAt(position)!) & mask;
    while (this.slots[slot] !== 0) slot = (slot + 1) & mask;
    this.slots[slot] = position + 1;
  }
}

function grown(column: Uint32Array<ArrayBuffer>): Uint32Array<ArrayBuffer> {
  const next = new Uint32Array(column.length * 2);
  next.set(column);
  return next;
}

/** FNV-1a over the id's UTF-16 code units. */
function hash(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
