/**
 * Where a JSON text goes wrong, for an error message that points at the line
 * and column without quoting the text (V8's own message quotes it, and a
 * payload file may hold things that do not belong in a terminal or a log).
 */

export interface JsonProblem {
  /** 'end': the text stops too early; 'empty': nothing at all; 'char': an unexpected character at line/column. */
  kind: 'end' | 'empty' | 'char';
  line?: number;
  column?: number;
  /** The unexpected character, described safely ("'}'", "U+0007"). */
  found?: string;
}

class Stop {
  constructor(readonly at: number) {}
}

/** Describes the first syntax error of a text JSON.parse refused; undefined if the scanner finds none. */
export function locateJsonProblem(text: string): JsonProblem | undefined {
  if (text.trim() === '') return { kind: 'empty' };
  let i = 0;
  const fail = (): never => {
    throw new Stop(i);
  };
  const ws = (): void => {
    while (i < text.length && ' \t\n\r'.includes(text[i] as string)) i++;
  };
  const expect = (word: string): void => {
    for (const ch of word) {
      if (text[i] !== ch) fail();
      i++;
    }
  };
  const string = (): void => {
    i++; // opening quote
    while (i < text.length) {
      const ch = text.charCodeAt(i);
      if (ch === 0x22) {
        i++;
        return;
      }
      if (ch < 0x20) fail();
      if (ch === 0x5c) {
        i++;
        const esc = text[i];
        if (esc === 'u') {
          for (let k = 1; k <= 4; k++) {
            if (!/[0-9a-fA-F]/.test(text[i + k] ?? '')) {
              i += k;
              fail();
            }
          }
          i += 5;
          continue;
        }
        if (esc === undefined || !'"\\/bfnrt'.includes(esc)) fail();
      }
      i++;
    }
    fail();
  };
  const digits = (): void => {
    if (!/[0-9]/.test(text[i] ?? '')) fail();
    while (/[0-9]/.test(text[i] ?? '')) i++;
  };
  const number = (): void => {
    if (text[i] === '-') i++;
    if (text[i] === '0') i++;
    else digits();
    if (text[i] === '.') {
      i++;
      digits();
    }
    if (text[i] === 'e' || text[i] === 'E') {
      i++;
      if (text[i] === '+' || text[i] === '-') i++;
      digits();
    }
  };
  const value = (depth: number): void => {
    if (depth > 10_000) fail();
    ws();
    const ch = text[i];
    if (ch === '{') {
      i++;
      ws();
      if (text[i] === '}') {
        i++;
        return;
      }
      for (;;) {
        ws();
        if (text[i] !== '"') fail();
        string();
        ws();
        if (text[i] !== ':') fail();
        i++;
        value(depth + 1);
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') {
          i++;
          return;
        }
        fail();
      }
    }
    if (ch === '[') {
      i++;
      ws();
      if (text[i] === ']') {
        i++;
        return;
      }
      for (;;) {
        value(depth + 1);
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          return;
        }
        fail();
      }
    }
    if (ch === '"') return string();
    if (ch === 't') return expect('true');
    if (ch === 'f') return expect('false');
    if (ch === 'n') return expect('null');
    if (ch === '-' || /[0-9]/.test(ch ?? '')) return number();
    fail();
  };
  try {
    value(0);
    ws();
    if (i < text.length) fail();
    return undefined;
  } catch (error) {
    if (!(error instanceof Stop)) throw error;
    if (error.at >= text.length) return { kind: 'end' };
    return { kind: 'char', ...lineAndColumn(text, error.at), found: describeChar(text.codePointAt(error.at) ?? 0) };
  }
}

/** "unexpected '}' at line 3, column 1" / "it ends too early" / "it is empty". */
export function describeJsonProblem(problem: JsonProblem | undefined): string {
  if (!problem) return 'it cannot be read';
  if (problem.kind === 'empty') return 'it is empty';
  if (problem.kind === 'end') return 'it ends too early (a missing closing bracket or quote?)';
  return `unexpected ${problem.found} at line ${problem.line}, column ${problem.column}`;
}

function lineAndColumn(text: string, at: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let k = 0; k < at; k++) {
    if (text[k] === '\n') {
      line++;
      start = k + 1;
    }
  }
  return { line, column: at - start + 1 };
}

function describeChar(code: number): string {
  if (code >= 0x21 && code <= 0x7e) return `'${String.fromCodePoint(code)}'`;
  return `character U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}
