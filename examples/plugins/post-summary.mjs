#!/usr/bin/env node
// A slotui plugin without a shell: reads the records slotui writes on its
// standard input (`stdin: records`) and appends a Markdown summary of them to
// the file named by its first argument (made private, 0600, when new).
//   plugins:
//     - name: summary
//       key: S
//       resources: [slos]
//       stdin: records
//       command: [node, /path/to/post-summary.mjs, /path/to/summaries.md]
import { appendFileSync } from 'node:fs';
import process from 'node:process';

const [file] = process.argv.slice(2);
if (!file) {
  process.stderr.write('usage: post-summary.mjs FILE (the records come on stdin)\n');
  process.exit(2);
}
let input = '';
for await (const chunk of process.stdin) input += chunk;
const records = JSON.parse(input);
// One line a record; the text is the records' own, kept on one line.
const oneLine = (value) =>
  String(value ?? '')
    .replace(/\s+/g, ' ')
    .trim();
const lines = records.map((r) => {
  const target = r.target_value === undefined ? '' : ` · target ${oneLine(r.target_value)}${oneLine(r.target_unit)}`;
  return `- ${oneLine(r.id)} ${oneLine(r.name)}${target}`;
});
const who = process.env.SLOTUI_PROFILE ? ` (profile ${process.env.SLOTUI_PROFILE})` : '';
appendFileSync(
  file,
  `## ${records.length} ${process.env.SLOTUI_RESOURCE ?? 'records'}${who}\n\n${lines.join('\n')}\n\n`,
  {
    mode: 0o600,
  },
);
process.stdout.write(`Posted a summary of ${records.length} to ${file}.\n`);
