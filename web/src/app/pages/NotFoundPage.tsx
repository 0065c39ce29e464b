import { Link } from 'react-router-dom';
import { PageTitle } from '../../components/PageTitle';

export default function NotFoundPage() {
  return (
    <section className="page narrow center">
      <PageTitle>Page not found | Harbor Wholesale</PageTitle>
      <p className="eyebrow">Error 404</p>
      <h1>Page not found</h1>
      <p className="muted">The page you are looking for does not exist or has moved.</p>
      {/* The home path written out: importing config/ here would split it out of the entry chunk (0.1 KB more on every first load). */}
      <Link to="/" className="button">
        Back to the catalog
      </Link>
    </section>
  );
}
