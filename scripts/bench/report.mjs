// The bench's table: plain text for the terminal, Markdown for the README.
import process from 'node:process';
import { cpus, totalmem, platform, release } from 'node:os';

export function machine() {
  const cpu = cpus();
  return {
    cpu: cpu[0]?.model?.trim() ?? 'unknown CPU',
    cores: cpu.length,
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    os: `${platform()} ${release()}`,
    node: process.version,
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
  };
}

export const describeMachine = (m) =>
  `${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB RAM, ${m.os}, Node ${m.node}; ${m.date}`;

const HEADERS = ['measurement', 'slotui (median)', 'reference (median)', 'ratio', 'target', 'met?'];

const cells = (row) => [row.measurement, row.slotui, row.reference, row.ratio, row.target, row.met];

export function textTable(rows) {
  const table = [HEADERS, ...rows.map(cells)];
  const widths = HEADERS.map((_, i) => Math.max(...table.map((r) => String(r[i]).length)));
  const line = (r) =>
    r
      .map((c, i) => String(c).padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  return [line(table[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...table.slice(1).map(line)].join('\n');
}

export function markdownTable(rows) {
  const escape = (c) => String(c).replaceAll('|', '\\|');
  return [
    `| ${HEADERS.join(' | ')} |`,
    `|${HEADERS.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`,
    ...rows.map((r) => `| ${cells(r).map(escape).join(' | ')} |`),
  ].join('\n');
}

export const ms = (v) => (Number.isFinite(v) ? `${v < 10 ? v.toFixed(1) : Math.round(v)} ms` : 'n/a');
export const mib = (kib) => (Number.isFinite(kib) ? `${(kib / 1024).toFixed(1)} MiB` : 'n/a');
export const ratio = (v) => (Number.isFinite(v) ? `${v.toFixed(2)}x` : 'n/a');
export const rate = (v) => (Number.isFinite(v) ? `${Math.round(v).toLocaleString('en-US')} rec/s` : 'n/a');
export const met = (ok) => (ok === undefined ? 'n/a' : ok ? 'yes' : 'NO');
