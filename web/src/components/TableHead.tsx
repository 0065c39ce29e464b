/** A column heading: its text, right-aligned for amounts, or read by screen readers only (an actions column). */
export type Column = string | { label: string; numeric?: boolean; hidden?: boolean };

/** A table's heading row from its columns. */
export function TableHead({ columns }: { columns: readonly Column[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => {
          const { label, numeric = false, hidden = false } = typeof column === 'string' ? { label: column } : column;
          return (
            <th key={label} scope="col" className={numeric ? 'numeric' : undefined}>
              {hidden ? <span className="visually-hidden">{label}</span> : label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
