/**
 * OpenSLO documents as YAML text and back, with the `yaml` library.
 *
 * Writing is `-o yaml`'s: every character of the data is kept, and text with
 * control, C1, bidi or invisible characters is written double-quoted with
 * them escaped, so printing an export on a terminal is safe. Reading gives
 * each document on its own, with its own error.
 */
import YAML, { isScalar, type Document } from 'yaml';
import { toYaml } from '../output.js';

/** Most aliases a file may expand (a guard against "billion laughs" files). */
const MAX_ALIASES = 100;

/** One document as YAML, starting with its `---` line. */
export function documentText(value: unknown): string {
  return `---\n${toYaml(value)}`;
}

export type ParsedDocument = { document: number; value: unknown } | { document: number; error: string };

/** Every document of a YAML stream; a document that does not parse carries its error (line and column). */
export function parseDocuments(text: string): ParsedDocument[] {
  const docs = YAML.parseAllDocuments(text.replace(/^\uFEFF/, ''), { uniqueKeys: true, prettyErrors: true });
  const list: Document.Parsed[] = Array.isArray(docs) ? docs : [];
  const out: ParsedDocument[] = [];
  list.forEach((doc, index) => {
    const document = index + 1;
    const [error] = doc.errors;
    if (error) {
      const where = error.linePos?.[0] ? ` at line ${error.linePos[0].line}, column ${error.linePos[0].col}` : '';
      out.push({ document, error: `it is not valid YAML${where}: ${firstSentence(error.message)}` });
      return;
    }
    if (doc.contents === null || (isScalar(doc.contents) && doc.contents.value === null)) return; // an empty document (a trailing ---)
    try {
      out.push({ document, value: doc.toJS({ maxAliasCount: MAX_ALIASES }) });
    } catch (failure) {
      out.push({
        document,
        error: `it cannot be read: ${firstSentence(failure instanceof Error ? failure.message : String(failure))}`,
      });
    }
  });
  return out;
}

function firstSentence(message: string): string {
  return (message.split('\n')[0] ?? '')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/[.:]\s*$/, '')
    .slice(0, 160);
}
