import { skipToken } from '@reduxjs/toolkit/query';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { toast } from '../../../lib/toast';
import type { ValidProduct } from '@harbor/domain';
import { Spinner } from '../../../components/Spinner';
import { paths } from '../../../config';
import { useGetAdminProductQuery, useSaveProductMutation } from '../api';
import { AdminFrame } from '../components/AdminFrame';
import { TargetHistory } from '../components/TargetHistory';
import { LoadError } from '../../../components/LoadError';
import { ProductForm } from '../components/ProductForm';
import { listHref } from '../useListParams';

export default function AdminProductFormPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const { data: product, error, isLoading, refetch } = useGetAdminProductQuery(id ?? skipToken, { refetchOnMountOrArgChange: true });
  const [saveProduct] = useSaveProductMutation();

  async function save(values: ValidProduct) {
    const result = await saveProduct(id && product ? { ...values, id, expectedStock: product.stock } : values);
    if ('error' in result) return result.error as { message: string; code?: string };
    toast.success(id ? `${values.name} was saved.` : `${values.name} was created.`);
    navigate(listHref(paths.adminProducts, { q: values.sku }));
    return null;
  }

  if (!id) {
    return (
      <AdminFrame title="New product">
        <ProductForm product={null} onSave={save} />
      </AdminFrame>
    );
  }
  if (isLoading) {
    return (
      <AdminFrame title="Edit product">
        <Spinner label="Loading the product…" />
      </AdminFrame>
    );
  }
  if (error) {
    return (
      <AdminFrame title="Edit product">
        <LoadError error={error} fallback="The product could not be loaded." onRetry={refetch} />
      </AdminFrame>
    );
  }
  if (!product) {
    return (
      <AdminFrame title="Product not found">
        <div className="card admin-empty">
          <p>There is no product with the id “{id}”. It may have been deleted.</p>
          <Link to={paths.adminProducts} className="button">
            Back to products
          </Link>
        </div>
      </AdminFrame>
    );
  }
  return (
    <AdminFrame title={`Edit ${product.name}`}>
      <ProductForm key={product.id} product={product} onSave={save} />
      <TargetHistory target={`products/${product.id}`} />
    </AdminFrame>
  );
}
