/**
 * Runs the bundle's CommonJS parts (dist/parts/, made by scripts/build.mjs)
 * through vm.Script with V8's code cache.
 *
 * Node's own compile cache keeps only what V8 compiled eagerly, and bundled
 * libraries are mostly functions compiled on first call (React, Ink, undici
 * are recompiled at every start). A cache made after the command has run
 * (`createCachedData()` then holds every function the run compiled) spares
 * the next start nearly all parsing and compiling.
 *
 * A part requires another part by a relative name ("./list-AB12.js"); any
 * other name (node:fs) goes to Node's require.
 *
 * A command's pack: a one-shot command (`list`) loads some forty small parts
 * at every start, each a file, a cache file and a script to compile: about as
 * long again as the parts' own work. After a run that loaded its parts one by
 * one, their sources are kept in the code cache as one script (each part a
 * function of it, run when first required, as a file's would be), and the next
 * run of the same command reads and compiles that one script (its code cache
 * written after the first run that used it). A part the pack does not hold
 * loads from its file as before. The pack is kept beside the parts' caches,
 * with their checks and their trial of a new file (see codeCache.ts).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, sep } from 'node:path';
import { Script } from 'node:vm';
import type { CodeCache } from './codeCache.js';

interface PartModule {
  exports: unknown;
}

type PartFunction = (
  exports: unknown,
  require: (name: string) => unknown,
  module: PartModule,
  filename: string,
  dirname: string,
) => void;

/** A command's pack once run: each of its parts' functions by name. */
type Pack = Record<string, PartFunction | undefined>;

/** The code cache's names of a command's pack: its source, and V8's cache of it. */
const packSourceName = (command: string) => `pack-${command}.source`;
const packScriptName = (command: string) => `pack-${command}.js`;

/** A part's source as a function of a pack; the same wrapper as a part's own script. */
const packEntry = (part: string, source: string) =>
  `${JSON.stringify(part)}: function (exports, require, module, __filename, __dirname) {${source}\n},\n`;

export class Parts {
  private readonly modules = new Map<string, PartModule>();
  /** Scripts run without a usable cache: their cache is written after the run. */
  private readonly uncached: { part: string; script: Script }[] = [];
  private readonly nodeRequire: NodeJS.Require;
  /** The pack's parts (read at the first load), null when there is none. */
  private pack: Pack | null | undefined;
  /** Every part this run loaded, in order, and the sources of those read from their files (a command's run only). */
  private readonly loaded: string[] = [];
  private readonly looseSources = new Map<string, string>();
  /**
   * The parts' folder and a separator: a part's file is this and its name (a plain file name of the
   * bundle's). path.join would normalize the whole path again, character by character, for each of
   * the tens of parts a start loads.
   */
  private readonly folder: string;

  /**
   * `command`: the one-shot command this run is (its pack is read and, after the
   * run, made); none for the dashboard, whose parts load on need over its life.
   */
  constructor(
    private readonly dir: string,
    private readonly cache?: CodeCache,
    private readonly command?: string,
  ) {
    this.folder = join(dir, sep);
    this.nodeRequire = createRequire(`${this.folder}index.js`);
  }

  /** Runs a part once (later calls give the same exports) and returns its exports. */
  load(part: string): unknown {
    const known = this.modules.get(part);
    if (known) return known.exports;
    const filename = this.folder + part;
    const packed = this.packed(part);
    let run: PartFunction;
    if (packed) run = packed;
    else {
      const source = readFileSync(filename, 'utf8');
      if (this.command !== undefined) this.looseSources.set(part, source);
      run = this.compile<PartFunction>(
        part,
        filename,
        `(function (exports, require, module, __filename, __dirname) {${source}\n})`,
      );
    }
    if (this.command !== undefined) this.loaded.push(part);
    const module: PartModule = { exports: {} };
    this.modules.set(part, module);
    run.call(module.exports, module.exports, (name) => this.require(name), module, filename, this.dir);
    return module.exports;
  }

  /** A script run with its code cache (noted for writing when it has none); what it gives. */
  private compile<T>(name: string, filename: string, code: string): T {
    const cachedData = this.cache?.read(name);
    const script = new Script(code, { filename, cachedData });
    if (this.cache && (!cachedData || script.cachedDataRejected)) this.uncached.push({ part: name, script });
    return script.runInThisContext() as T;
  }

  /** The part's function from the command's pack; the pack is read at the first call. */
  private packed(part: string): PartFunction | undefined {
    if (this.pack === undefined) this.pack = this.readPack();
    return this.pack && Object.hasOwn(this.pack, part) ? this.pack[part] : undefined;
  }

  private readPack(): Pack | null {
    if (!this.cache || this.command === undefined) return null;
    const source = this.cache.read(packSourceName(this.command));
    if (!source) return null;
    const filename = this.folder + packScriptName(this.command);
    try {
      return this.compile<Pack>(packScriptName(this.command), filename, source.toString('utf8'));
    } catch {
      // A pack that does not compile (cut short) is as none: the parts load from their files.
      return null;
    }
  }

  /** Parts loaded without a usable cache so far. */
  get uncachedParts(): string[] {
    return this.uncached.map((u) => u.part);
  }

  /**
   * Writes the cache of every part that had none (or a rejected one). Called
   * after the command has run, so the cache holds the functions it compiled,
   * and the caches this run tried are known not to crash it.
   */
  saveCodeCache(succeeded = true): void {
    this.cache?.confirm();
    for (const { part, script } of this.uncached.splice(0)) {
      this.cache?.write(part, script.createCachedData());
    }
    // Every part this run loaded, as the command's pack for the next run, when two or more came from
    // their files (a first run, or one that needed more than the pack holds); a run that failed
    // (a mistyped command, a usage error) makes none.
    if (this.command === undefined || !succeeded || this.looseSources.size < 2) return;
    try {
      const entries = this.loaded.map((part) =>
        packEntry(part, this.looseSources.get(part) ?? readFileSync(this.folder + part, 'utf8')),
      );
      this.cache?.write(packSourceName(this.command), Buffer.from(`({\n${entries.join('')}})`, 'utf8'));
    } catch {
      // A part's file gone since it ran: no pack this time.
    }
  }

  private require(name: string): unknown {
    if (name.startsWith('./')) return this.load(name.slice(2));
    return this.nodeRequire(name);
  }
}
