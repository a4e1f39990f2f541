// One table: figure, value, target, pass/fail, machine load when it was measured. Printed, and
// written as JSON (bench/results/latest.json) and Markdown (latest.md, to paste in docs/benchmarks.md).
import fs from 'node:fs/promises';
import path from 'node:path';

export interface Row {
  key: string;
  figure: string;
  value: number | null;
  /** How the value reads, with its unit. */
  display: string;
  /** Human-readable target, '—' for information only. */
  target: string;
  pass: boolean | null;
  /** 1-minute load average during the measurement (median of the runs). */
  load1: number | null;
}

export const verdict = (row: Row) => (row.pass === null ? '—' : row.pass ? 'OK' : 'FAIL');

export function printTable(rows: Row[]): string {
  const header = ['Figure', 'Value', 'Target', 'Result', 'Load'];
  const lines = rows.map((row) => [row.figure, row.display, row.target, verdict(row), row.load1 === null ? '' : row.load1.toFixed(2)]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column].length)));
  const format = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ');
  return [format(header), widths.map((width) => '─'.repeat(width)).join('  '), ...lines.map(format)].join('\n');
}

export function markdownTable(rows: Row[]): string {
  return [
    '| Figure | Value | Target | Result | Load (1 min) |',
    '|---|---:|---:|:---:|---:|',
    ...rows.map((row) => `| ${row.figure} | ${row.display} | ${row.target} | ${verdict(row)} | ${row.load1 === null ? '' : row.load1.toFixed(2)} |`),
  ].join('\n');
}

export async function writeResults(dir: string, name: string, report: Record<string, unknown> & { rows: Row[] }): Promise<string[]> {
  await fs.mkdir(dir, { recursive: true });
  const json = `${JSON.stringify(report, null, 2)}\n`;
  const markdown = `${markdownTable(report.rows)}\n`;
  const files = [path.join(dir, 'latest.json'), path.join(dir, `latest-${name}.json`), path.join(dir, 'latest.md'), path.join(dir, `latest-${name}.md`)];
  await Promise.all([fs.writeFile(files[0], json), fs.writeFile(files[1], json), fs.writeFile(files[2], markdown), fs.writeFile(files[3], markdown)]);
  return files;
}
