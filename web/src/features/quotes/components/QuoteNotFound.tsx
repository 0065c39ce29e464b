import { Link } from 'react-router-dom';
import { paths } from '../../../config';

/** A quote the buyer may not see reads the same as a missing one. */
export function QuoteNotFound() {
  return (
    <section className="page narrow center">
      <p className="eyebrow">Error 404</p>
      <h1>Quote not found</h1>
      <p className="muted">There is no quote with that number for your company.</p>
      <Link to={paths.quotes} className="button">
        View your quotes
      </Link>
    </section>
  );
}
