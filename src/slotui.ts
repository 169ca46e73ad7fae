#!/usr/bin/env node
import { enableCompileCache } from 'node:module';

// V8's code cache makes every start after the first skip most of the parsing
// and compiling of the bundle; it lives in the OS temp folder and is safe to lose.
// It must be on before the program's modules load, hence the dynamic import.
enableCompileCache?.();
const { main } = await import('./cli/main.js');

const code = await main({
  argv: process.argv.slice(2),
  env: process.env,
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
});
process.exitCode = code;
