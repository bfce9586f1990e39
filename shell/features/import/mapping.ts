import type { ImportColumn, ImportSettings, ImportTemplate } from '../../../src/contract/import';

/**
 * A template picked for a new file: each column takes the field the template gave the column of the same header
 * (case and spaces aside), else the one at the same position with the same header, else stays as proposed.
 */
export function applyTemplate(columns: readonly ImportColumn[], template: ImportTemplate): ImportSettings {
  const norm = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');
  const byHeader = new Map(template.settings.mapping.map((entry) => [norm(entry.header), entry.field]));
  const mapping = columns.map((column) => (byHeader.has(norm(column.header)) ? { ...column, field: byHeader.get(norm(column.header)) ?? null } : column));
  return { ...template.settings, mapping };
}

/** One field per column: choosing a field for a column takes it away from any other column. */
export function chooseField(columns: readonly ImportColumn[], column: number, field: string | null): ImportColumn[] {
  return columns.map((entry) => {
    if (entry.column === column) return { ...entry, field };
    return field !== null && entry.field === field ? { ...entry, field: null } : entry;
  });
}
