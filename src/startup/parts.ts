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
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
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

export class Parts {
  private readonly modules = new Map<string, PartModule>();
  /** Scripts run without a usable cache: their cache is written after the run. */
  private readonly uncached: { part: string; script: vm.Script }[] = [];
  private readonly nodeRequire: NodeJS.Require;

  constructor(
    private readonly dir: string,
    private readonly cache?: CodeCache,
  ) {
    this.nodeRequire = createRequire(path.join(dir, 'index.js'));
  }

  /** Runs a part once (later calls give the same exports) and returns its exports. */
  load(part: string): unknown {
    const known = this.modules.get(part);
    if (known) return known.exports;
    const filename = path.join(this.dir, part);
    const source = fs.readFileSync(filename, 'utf8');
    const cachedData = this.cache?.read(part);
    const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
      filename,
      cachedData,
    });
    if (this.cache && (!cachedData || script.cachedDataRejected)) this.uncached.push({ part, script });
    const module: PartModule = { exports: {} };
    this.modules.set(part, module);
    const run = script.runInThisContext() as PartFunction;
    run.call(module.exports, module.exports, (name) => this.require(name), module, filename, this.dir);
    return module.exports;
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
  saveCodeCache(): void {
    this.cache?.confirm();
    for (const { part, script } of this.uncached.splice(0)) {
      this.cache?.write(part, script.createCachedData());
    }
  }

  private require(name: string): unknown {
    if (name.startsWith('./')) return this.load(name.slice(2));
    return this.nodeRequire(name);
  }
}
