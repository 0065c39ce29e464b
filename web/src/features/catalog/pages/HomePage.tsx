import { Spinner } from '../../../components/Spinner';
import { useGetCatalogPageQuery } from '../catalogApi';
import { ProductCard } from '../components/ProductCard';

export default function HomePage() {
  const { data: products, isLoading, isError, refetch } = useGetCatalogPageQuery();
  return (
    <section className="page">
      <h1>Wholesale catalog</h1>
      {isLoading && <Spinner label="Loading products…" />}
      {isError && (
        <div className="notice error" role="alert">
          The catalog could not be loaded.{' '}
          <button type="button" className="link-button" onClick={() => refetch()}>
            Try again
          </button>
        </div>
      )}
      {products && (
        <div className="product-grid">
          {products.map((product) => (
            <ProductCard key={product.id} product={product} />
          ))}
        </div>
      )}
    </section>
  );
}
