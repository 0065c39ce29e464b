import { formatCount, type RefusedImportRow } from '@harbor/domain';

/** Rows of a CSV file that were refused, by line and column, with why: the first `shown`, and how many there are in all. */
export function RefusedRowsTable({ rows, caption, shown, total = rows.length }: { rows: readonly RefusedImportRow[]; caption: string; shown: number; total?: number }) {
  return (
    <div className="table-scroll">
      <table className="admin-table compact refused-rows">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Line</th>
            <th scope="col">Column</th>
            <th scope="col">Problem</th>
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, shown).map((row, index) => (
            <tr key={`${row.line}-${row.column}-${index}`}>
              <td>{row.line}</td>
              <td>{row.column}</td>
              <td className="refused-problem">{row.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {total > shown && (
        <p className="small">
          The first {shown} of {formatCount(total)} are listed.
        </p>
      )}
    </div>
  );
}
