import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';

export default function NotFoundPage() {
  return (
    <section className="page narrow center">
      <p className="eyebrow">Error 404</p>
      <h1>Page not found</h1>
      <p className="muted">The page you are looking for does not exist or has moved.</p>
      <Link to={paths.home} className="button">
        Back to the catalog
      </Link>
    </section>
  );
}
