import { Link } from 'react-router-dom';
import { paths } from '../../../config';

/** A return the reader may not see reads the same as a missing one. */
export function ReturnNotFound() {
  return (
    <section className="page narrow center">
      <p className="eyebrow">Error 404</p>
      <h1>Return not found</h1>
      <p className="muted">There is no return with that number in your account.</p>
      <Link to={paths.returns} className="button">
        View your returns
      </Link>
    </section>
  );
}
