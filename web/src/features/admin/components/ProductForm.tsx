import { FormProvider, useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { toast } from '../../../lib/toast';
import { formatCount, PRODUCT_CATEGORIES, type Product, type ValidProduct } from '@harbor/domain';
import { paths } from '../../../config';
import type { CallableFailure } from '../../../lib/callableError';
import { FieldShell } from '../../../components/FieldShell';
import { FormField } from '../../../components/FormField';
import { fieldOfFailure, formValuesOf, productFormResolver, type ProductFormValues } from '../productForm';
import { ImageField } from './ImageField';
import { TierEditor } from './TierEditor';

interface ProductFormProps {
  /** The product being edited, or null for a new one. */
  product: Product | null;
  /** Saves the product; resolves with the server's refusal, if any. */
  onSave: (product: ValidProduct) => Promise<CallableFailure | null>;
}

/** Units on hand, and for a product that owes units, how many open orders wait for (the server keeps that count). */
function stockHint(product: Product | null): string {
  return product && product.backordered > 0 ? `Units on hand; open orders wait for ${formatCount(product.backordered)} more.` : 'Units on hand.';
}

/** One form for new and existing products, validated by the shared product schema. */
export function ProductForm({ product, onSave }: ProductFormProps) {
  const form = useForm<ProductFormValues, unknown, ValidProduct>({ defaultValues: formValuesOf(product), resolver: productFormResolver, mode: 'onTouched' });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;

  async function submit(values: ValidProduct) {
    const failure = await onSave(values);
    if (!failure) return;
    // The form keeps what was typed; the server's reason goes beside its field and in a toast.
    const fieldFailure = fieldOfFailure(failure);
    if (fieldFailure) setError(fieldFailure.field, { type: 'server', message: fieldFailure.message }, { shouldFocus: true });
    toast.error(failure.message);
  }

  return (
    <FormProvider {...form}>
      <form className="product-form" onSubmit={handleSubmit(submit)} noValidate aria-label={product ? `Edit ${product.name}` : 'New product'}>
        <div className="product-form-main">
          <section className="card" aria-labelledby="details-heading">
            <h2 id="details-heading">Details</h2>
            <div className="form-grid">
              <FormField label="Name" className="span-2" registration={register('name')} error={errors.name} autoComplete="off" />
              <FormField label="SKU" registration={register('sku')} error={errors.sku} autoComplete="off" hint="Unique; letters, digits and “-”." className="sku-field" />
              <FormField label="Brand" registration={register('brand')} error={errors.brand} autoComplete="off" />
              <FieldShell label="Category" error={errors.category}>
                {(control) => (
                  <select {...control} {...register('category')}>
                    <option value="">Choose a category…</option>
                    {PRODUCT_CATEGORIES.map((category) => (
                      <option key={category}>{category}</option>
                    ))}
                  </select>
                )}
              </FieldShell>
              <FormField label="Unit" registration={register('unit')} error={errors.unit} placeholder="case of 24" hint="What one unit is." />
              <FieldShell label="Description" className="span-2" error={errors.description}>
                {(control) => <textarea {...control} rows={5} {...register('description')} />}
              </FieldShell>
            </div>
          </section>

          <section className="card" aria-labelledby="pricing-heading">
            <h2 id="pricing-heading">Price and stock</h2>
            <div className="form-grid four">
              <FormField label="Price (USD)" inputMode="decimal" placeholder="0.00" registration={register('price')} error={errors.price} />
              <FormField label="Stock" inputMode="numeric" registration={register('stock')} error={errors.stock} hint={stockHint(product)} />
              <FormField label="Pack size" inputMode="numeric" registration={register('packSize')} error={errors.packSize} hint="Sold in multiples of this." />
              <FormField label="Minimum order" inputMode="numeric" registration={register('minOrderQty')} error={errors.minOrderQty} hint="Units per order line." />
            </div>
            <div className="form-grid">
              <label className="checkbox-field in-grid">
                <input type="checkbox" {...register('backorderable')} />
                <span>
                  <strong>Backorderable</strong>
                  <small className="hint">Orders above the stock are accepted: what is on the shelf ships, the rest waits on backorder.</small>
                </span>
              </label>
              <FormField label="Restock date" type="date" registration={register('restockDate')} error={errors.restockDate} hint="Optional. Buyers see when more is expected." />
            </div>
          </section>

          <section className="card" aria-labelledby="tiers-heading">
            <h2 id="tiers-heading">Volume pricing</h2>
            <TierEditor />
          </section>
        </div>

        <aside className="product-form-side">
          <section className="card" aria-labelledby="visibility-heading">
            <h2 id="visibility-heading">Visibility</h2>
            <label className="checkbox-field">
              <input type="checkbox" {...register('active')} />
              <span>
                <strong>On sale</strong>
                <small className="hint">Shoppers see active products only.</small>
              </span>
            </label>
          </section>

          <section className="card" aria-labelledby="image-heading">
            <h2 id="image-heading">Image</h2>
            <ImageField />
          </section>

          <div className="form-buttons">
            <button type="submit" className="button" disabled={isSubmitting}>
              {isSubmitting ? 'Saving…' : product ? 'Save changes' : 'Create product'}
            </button>
            <Link to={paths.adminProducts} className="button secondary">
              Cancel
            </Link>
          </div>
        </aside>
      </form>
    </FormProvider>
  );
}
