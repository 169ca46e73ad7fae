/**
 * `E`: a record's editable fields as JSON in the user's editor ($VISUAL, then
 * $EDITOR, then vi), applied on save with a PATCH of the changed fields.
 *
 * The file is JSON after a header of `//` lines. The header says what to do
 * and, after a failure, what went wrong; every `//` line at the top is
 * stripped before parsing (JSON has no comments), so the user's own text
 * below it is kept exactly as typed, even when it is not valid JSON. Invalid
 * JSON, a value the schema refuses, or a rejected PATCH reopens the editor
 * with the error in the header. An editor that exits with an error (vim's :cq)
 * cancels: nothing is sent and the text typed opens the next edit of that
 * record. Saving without a change ends it: the first time nothing is sent; after a refusal the file is kept and its path shown,
 * so nothing typed is lost; after a send failure (network, 5xx) saving as it
 * is retries. Emptying the file cancels.
 *
 * The file lives in a fresh folder of the OS temp dir (mode 0700), itself
 * mode 0600. Launching the editor is an injected function (tests write the
 * file instead of running an editor).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SlotuiError, isSlotuiError } from '../../api/errors.js';
import { describeFieldIssue } from '../../api/fieldProblems.js';
import type { ResourceView } from '../../presentation/resources.js';
import { sanitizeLine } from '../../text/sanitize.js';
import { closestWord } from '../../text/suggest.js';
import type { ApiRecord } from '../../api/record.js';
import { patchSchemaOf } from '../../api/schemas.js';
import type { ApiClient } from '../../api/types.js';
import { errorSentence } from '../text/errorSentence.js';

/** Runs the editor on the file and returns when it exits; throws when it cannot be run. */
export type EditorLauncher = (file: string) => void;

/** The editor command the environment names: $VISUAL, then $EDITOR, then vi. */
function editorCommand(env: Record<string, string | undefined>): string {
  return env.VISUAL?.trim() || env.EDITOR?.trim() || 'vi';
}

/**
 * The real launcher: the command through /bin/sh (so `code -w` works), the file
 * as "$1" (never spliced into the command), stdio inherited, synchronously.
 */
export function systemEditorLauncher(env: Record<string, string | undefined>): EditorLauncher {
  return (file) => {
    const command = editorCommand(env);
    const result = spawnSync('/bin/sh', ['-c', `${command} "$1"`, 'sh', file], {
      stdio: 'inherit',
      env: env as NodeJS.ProcessEnv,
    });
    // The editor ran and said no (vim's :cq, an editor's "quit without saving"): a cancel, not a failure.
    // 126 and 127 are the shell's own "cannot run" and "not found".
    if (
      !result.error &&
      result.status !== null &&
      result.status !== 0 &&
      result.status !== 126 &&
      result.status !== 127
    ) {
      throw new EditorCancelled(result.status);
    }
    if (result.error || result.status !== 0) {
      const why = result.error
        ? result.error.message
        : `it ended with exit code ${String(result.status ?? result.signal)}`;
      throw new SlotuiError(
        'config',
        `The editor “${sanitizeLine(command).slice(0, 60)}” could not be run (${sanitizeLine(why).slice(0, 120)}). Set $VISUAL or $EDITOR to an editor that waits until the file is closed.`,
      );
    }
  };
}

/** The editor exited with an error code of its own: the user cancelled the edit there. */
export class EditorCancelled extends Error {
  constructor(readonly exitCode: number) {
    super(`the editor exited with code ${exitCode}`);
    this.name = 'EditorCancelled';
  }
}

const HEADER_PREFIX = '//';

/** The editable fields of a record, as the JSON shown in the editor. */
function editableJson(def: ResourceView, record: ApiRecord): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of def.fields) out[field.key] = record[field.key] ?? null;
  return out;
}

/** The file's text: the header lines, then the body. */
function fileText(header: readonly string[], body: string): string {
  const lines = header.map((l) => `${HEADER_PREFIX} ${sanitizeLine(l)}`);
  return `${lines.join('\n')}\n${body.endsWith('\n') ? body : `${body}\n`}`;
}

/** The body: the file without the `//` lines at its top. */
function stripHeader(text: string): string {
  const lines = text.split('\n');
  let i = 0;
  while (i < lines.length && lines[i]!.trimStart().startsWith(HEADER_PREFIX)) i++;
  return lines.slice(i).join('\n');
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The JSON a text holds, or the text itself when it is not JSON (a draft need not be valid yet). */
function parseOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text.trim();
  }
}

/** The changed fields of the edited JSON, checked; or the error sentence to show in the header. */
export function changesFrom(
  def: ResourceView,
  original: Record<string, unknown>,
  body: string,
): { patch: Record<string, unknown> } | { error: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch (error) {
    return {
      error: `Not valid JSON: ${error instanceof Error ? error.message : String(error)}. Fix it and save again.`,
    };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    return { error: 'The file must hold one JSON object of fields. Fix it and save again.' };
  const keys = new Set(def.fields.map((f) => f.key));
  const unknown = Object.keys(parsed).filter((k) => !keys.has(k));
  if (unknown.length > 0) {
    const named = unknown.slice(0, 3).map((key) => {
      const meant = closestWord(key, [...keys]);
      return meant ? `${key} (did you mean ${meant}?)` : key;
    });
    return { error: `Unknown field ${named.join(', ')}; the editable fields are ${[...keys].join(', ')}.` };
  }
  const patch: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(parsed as Record<string, unknown>))
    if (!same(value, original[key])) patch[key] = value;
  if (Object.keys(patch).length === 0) return { patch };
  const schema = patchSchemaOf(def);
  const result = schema.safeParse(patch);
  if (!result.success) {
    const first = result.error.issues
      .slice(0, 3)
      .map((issue) => `${issue.path.join('.') || 'value'} ${describeFieldIssue(def, issue, patch)}`);
    return { error: `${first.join('; ')}. Fix it and save again.` };
  }
  return { patch: result.data as Record<string, unknown> };
}

export type ExternalEditOutcome =
  | { kind: 'saved'; record: ApiRecord }
  /** Closed on the file as opened: nothing sent; `draft` is the kept text it opened on, still kept. */
  | { kind: 'unchanged'; draft?: string }
  /** The editor exited with an error (cancelled); `draft` is the text typed, when it differs from the record. */
  | { kind: 'cancelled'; draft?: string }
  /** Saved unchanged after an error: the file is kept at `file`. */
  | { kind: 'abandoned'; file: string; error: string };

export interface ExternalEditOptions {
  def: ResourceView;
  record: ApiRecord;
  client: ApiClient;
  /** Runs the editor (the dashboard suspends the terminal around it). */
  launch: (file: string) => Promise<void>;
  /** Folder for the temp folder (default: the OS's). */
  tmpRoot?: string;
  /** Rounds before giving up (bounded; each round is one editor session). */
  maxRounds?: number;
  /** The text of an earlier edit that was cancelled, to start from instead of the record. */
  draft?: string;
}

/** Edits the record in the editor until it is saved, unchanged, or abandoned after an error. */
export async function editInExternalEditor(options: ExternalEditOptions): Promise<ExternalEditOutcome> {
  const { def, record, client } = options;
  const original = editableJson(def, record);
  const dir = mkdtempSync(join(options.tmpRoot ?? tmpdir(), 'slotui-edit-'));
  removeAtExit(dir);
  const file = join(dir, `${def.singular}-${record.id.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 60)}.json`);
  const intro = [
    `Edit ${def.singular} ${record.id}, save and close the editor to apply; only changed fields are sent.`,
    'Close without saving to cancel. These // lines at the top are ignored.',
  ];
  const fresh = JSON.stringify(original, null, 2);
  let body = options.draft ?? fresh;
  let error: string | undefined;
  if (options.draft !== undefined) intro.push('This is your text from the edit cancelled last time.');
  // A send failure (network, 5xx) is retried by saving again as it is; a refusal needs a change.
  let retryable = false;
  let keep = false;
  try {
    for (let round = 0; round < (options.maxRounds ?? 20); round++) {
      const written = fileText(error ? [...intro, `ERROR: ${error}`] : intro, body);
      writeFileSync(file, written, { mode: 0o600 });
      try {
        await options.launch(file);
      } catch (failure) {
        if (!(failure instanceof EditorCancelled)) throw failure;
        // What was typed before the cancel (and saved) is kept for the next `E`, unless it is the record as it was.
        const typed = stripHeader(readFileSync(file, 'utf8'));
        return typed.trim() === '' || same(parseOrText(typed), parseOrText(fresh))
          ? { kind: 'cancelled' }
          : { kind: 'cancelled', draft: typed };
      }
      const text = readFileSync(file, 'utf8');
      // Closed as it was opened: nothing is sent, whatever the file held. A draft only looked at
      // stays a draft (kept for the next E), never sent behind the user's back.
      if (text === written && error === undefined)
        return round === 0 && options.draft !== undefined
          ? { kind: 'unchanged', draft: options.draft }
          : { kind: 'unchanged' };
      if (text === written && !retryable) {
        keep = true;
        return { kind: 'abandoned', file, error: error! };
      }
      body = stripHeader(text);
      if (body.trim() === '') return { kind: 'unchanged' };
      const changes = changesFrom(def, original, body);
      retryable = false;
      if ('error' in changes) {
        error = changes.error;
        continue;
      }
      if (Object.keys(changes.patch).length === 0) return { kind: 'unchanged' };
      try {
        return { kind: 'saved', record: await client.update(def.name, record.id, changes.patch) };
      } catch (failure) {
        retryable = !(
          isSlotuiError(failure) &&
          (failure.kind === 'validation' || failure.kind === 'not-found' || failure.kind === 'read-only')
        );
        error = rejectionText(failure, retryable);
      }
    }
    keep = true;
    return { kind: 'abandoned', file, error: error ?? 'Too many attempts.' };
  } finally {
    editFolders.delete(dir);
    if (!keep) rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Edit folders in use. The edit's own `finally` never runs when the process
 * ends while it waits (quit while the change is sent, a signal, a crash): the
 * process's exit removes what is left.
 */
const editFolders = new Set<string>();
let exitHooked = false;

function removeAtExit(dir: string): void {
  editFolders.add(dir);
  if (exitHooked) return;
  exitHooked = true;
  process.on('exit', () => {
    for (const left of editFolders) rmSync(left, { recursive: true, force: true });
  });
}

function rejectionText(failure: unknown, retryable: boolean): string {
  if (isSlotuiError(failure) && failure.fieldErrors) {
    const parts = Object.entries(failure.fieldErrors)
      .slice(0, 5)
      .map(([k, v]) => `${k}: ${v.join(' ')}`);
    return `The service refused the change: ${parts.join('; ')}. Fix it and save again.`;
  }
  return `${errorSentence(failure)} ${retryable ? 'Save again to retry, or empty the file to cancel.' : 'Fix it and save again.'}`;
}
