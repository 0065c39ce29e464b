import { Link, useParams } from 'react-router-dom';
import { formatCount } from '@harbor/domain';
import { LoadError } from '../../../components/LoadError';
import { Spinner } from '../../../components/Spinner';
import { paths } from '../../../config';
import { formatDateTime } from '../../../lib/dates';
import { AdminFrame } from '../components/AdminFrame';
import { ImportStatusBadge } from '../components/ImportStatusBadge';
import { RECENT_IMPORTS, useGetProductImportsQuery } from '../productImportsApi';
import { ProductImport } from '../components/ProductImport';

/** The latest product CSV imports, each linking to its page (progress, refused rows, resume). */
function RecentImports() {
  const { data: jobs, error, isLoading, refetch } = useGetProductImportsQuery();
  return (
    <AdminFrame title="Product imports">
      <p className="small">
        <Link to={paths.adminProducts}>Products</Link> · The latest {RECENT_IMPORTS} imports. Import a CSV file from the product list.
      </p>
      {isLoading && <Spinner label="Loading the imports…" />}
      {error !== undefined && <LoadError error={error} fallback="The imports could not be loaded." onRetry={refetch} />}
      {jobs?.length === 0 && (
        <div className="card admin-empty">
          <p>No product file has been imported yet.</p>
        </div>
      )}
      {jobs && jobs.length > 0 && (
        <div className="card table-card">
          <div className="table-scroll">
            <table className="admin-table">
              <caption className="visually-hidden">Product imports, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">File</th>
                  <th scope="col">Status</th>
                  <th scope="col" className="numeric">Rows done</th>
                  <th scope="col" className="numeric">New</th>
                  <th scope="col" className="numeric">Changed</th>
                  <th scope="col" className="numeric">Refused</th>
                  <th scope="col">Started</th>
                </tr>
              </thead>
              <tbody>
                {jobs.map((job) => (
                  <tr key={job.id}>
                    <td>
                      <Link to={paths.adminProductImport(job.id)}>{job.fileName}</Link>
                    </td>
                    <td>
                      <ImportStatusBadge status={job.status} />
                    </td>
                    <td className="numeric">
                      {formatCount(job.doneRows)} of {formatCount(job.totalRows)}
                    </td>
                    <td className="numeric">{formatCount(job.added)}</td>
                    <td className="numeric">{formatCount(job.changed)}</td>
                    <td className="numeric">{formatCount(job.refusedRows)}</td>
                    <td>
                      {formatDateTime(job.createdAt)} by {job.createdBy || 'staff'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </AdminFrame>
  );
}

/** `/admin/products/imports`: the latest imports; with a job id, that import. */
export default function AdminProductImportsPage() {
  const { jobId } = useParams();
  return jobId ? <ProductImport jobId={jobId} /> : <RecentImports />;
}
