// The benchmark report's Markdown: one table row per source.

/** Lines of a Markdown table: a row per source, the given columns, "–" where a value is missing. */
export function sourceTable(rows: Record<string, object>, columns: readonly string[]): string[] {
  const value = (row: object, column: string) => (row as Record<string, unknown>)[column];
  return [
    `| source | ${columns.join(' | ')} |`,
    `| --- | ${columns.map(() => '---').join(' | ')} |`,
    ...Object.entries(rows).map(([source, row]) => `| ${source} | ${columns.map((c) => (value(row, c) === undefined ? '–' : String(value(row, c)))).join(' | ')} |`),
  ];
}
