import { useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from '../../../lib/toast';
import { Boxes, History, ImageOff, Pencil, Plus, Trash2 } from 'lucide-react';
import { ADMIN_RULES, formatCount, formatMoney, PRODUCT_CATEGORIES, productInputOf, type Product } from '@harbor/domain';
import { paths } from '../../../config';
import { readPagePosition } from '../../../lib/pagination';
import { useAuth } from '../../../lib/session';
import { DEFAULT_PRODUCT_SORT, PRODUCT_SORT_KEYS, PRODUCT_SORTS, readProductSort } from '../../../lib/sorts';
import { useDeleteProductMutation, useGetAdminProductsQuery, useSaveProductMutation } from '../api';
import { AdminFrame } from '../components/AdminFrame';
import { AdminListBody } from '../components/AdminListBody';
import { ProductCsv } from '../components/ProductCsv';
import { StockAdjustDialog } from '../components/StockAdjustDialog';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { MODAL_TOASTER } from '../../../components/Modal';
import { FilterSelect, ListToolbar } from '../components/ListToolbar';
import { failureMessage } from '../../../components/LoadError';
import { Pager } from '../components/Pager';
import { useListParams } from '../useListParams';

function ActiveSwitch({ product, busy, onToggle }: { product: Product; busy: boolean; onToggle: () => void }) {
  return (
    <button type="button" role="switch" aria-checked={product.active} aria-label={`${product.name} is on sale`} className="switch" onClick={onToggle} disabled={busy}>
      <span className="switch-track" aria-hidden="true">
        <span className="switch-thumb" />
      </span>
      <span className="switch-text">{product.active ? 'Active' : 'Hidden'}</span>
    </button>
  );
}

/** "Backorder", with the units open orders wait for: a product taken off backorders may still owe some. */
function backorderNote(product: Product): string {
  const owed = product.backordered > 0 ? `${formatCount(product.backordered)} owed` : '';
  return product.backorderable ? ['Backorder', owed].filter(Boolean).join(' · ') : owed;
}

export default function AdminProductsPage() {
  const { params, setFilter, goToPage } = useListParams();
  const search = params.get('q') ?? '';
  const category = params.get('category') ?? '';
  const sort = readProductSort(params.get('sort'), PRODUCT_SORT_KEYS);
  const position = readPagePosition(params, PRODUCT_SORTS[sort].kind);
  const products = useGetAdminProductsQuery({ search, category, sort, position });
  const { data, isFetching } = products;
  const [saveProduct] = useSaveProductMutation();
  const [deleteProduct, deletion] = useDeleteProductMutation();
  const [toggling, setToggling] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const [adjusting, setAdjusting] = useState<Product | null>(null);
  // The warehouse sees the products to count their stock; only product editors change the rest.
  const { may } = useAuth();
  const edits = may('products.edit');

  async function toggleActive(product: Product) {
    setToggling(product.id);
    const result = await saveProduct(productInputOf({ ...product, active: !product.active }));
    setToggling(null);
    if ('error' in result) toast.error(failureMessage(result.error, 'Please try again.'));
    else toast.success(product.active ? `${product.name} is now hidden from the shop.` : `${product.name} is now on sale.`);
  }

  async function confirmDelete() {
    if (!deleting) return;
    const result = await deleteProduct(deleting.id);
    if ('error' in result) {
      toast.error(failureMessage(result.error, 'Please try again.'), { toasterId: MODAL_TOASTER });
      return;
    }
    toast.success(`${deleting.name} was deleted.`);
    setDeleting(null);
  }

  const pager = data && <Pager position={position} page={data} busy={isFetching} onGo={goToPage} />;

  return (
    <AdminFrame
      title="Products"
      actions={
        edits && (
          <>
            <ProductCsv />
            <Link to={paths.adminProductImports} className="button secondary">
              <History size={18} aria-hidden="true" /> Imports
            </Link>
            <Link to={paths.adminNewProduct} className="button">
              <Plus size={18} aria-hidden="true" /> New product
            </Link>
          </>
        )
      }
    >
      <ListToolbar
        formLabel="Product search"
        inputLabel="Search products"
        placeholder="Search by name, brand or SKU"
        search={search}
        onSearch={(text) => setFilter('q', text)}
        searchNote={`Showing products matching “${search}”.`}
      >
        <FilterSelect id="product-category" label="Category" value={category} onChange={(value) => setFilter('category', value)}>
          <option value="">All categories</option>
          {PRODUCT_CATEGORIES.map((name) => (
            <option key={name}>{name}</option>
          ))}
        </FilterSelect>
        <FilterSelect id="product-sort" label="Sort" value={sort} onChange={(value) => setFilter('sort', value === DEFAULT_PRODUCT_SORT ? '' : value)}>
          {PRODUCT_SORT_KEYS.map((key) => (
            <option key={key} value={key}>
              {PRODUCT_SORTS[key].label}
            </option>
          ))}
        </FilterSelect>
      </ListToolbar>

      <AdminListBody
        query={products}
        noun="products"
        empty={(page) => (
          <>
            {/* A search of several words checks its further words on the rows read: a page may hold none while later pages do. */}
            <p>
              {search && (page.next || position.page > 1)
                ? `No product on this page holds every word of “${search}”.`
                : `No products match${search ? ` “${search}”` : ''}${category ? ` in ${category}` : ''}.`}
            </p>
            {pager}
          </>
        )}
      >
        {(page) => (
          <div className={`card table-card ${isFetching ? 'is-fetching' : ''}`} aria-busy={isFetching}>
            <div className="table-scroll">
              <table className="admin-table">
                <thead>
                  <tr>
                    <th scope="col">
                      <span className="visually-hidden">Image</span>
                    </th>
                    <th scope="col">Product</th>
                    <th scope="col">Category</th>
                    <th scope="col" className="numeric">
                      Price
                    </th>
                    <th scope="col" className="numeric">
                      Stock
                    </th>
                    <th scope="col">Status</th>
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {page.rows.map((product) => (
                    <tr key={product.id} className={product.active ? undefined : 'inactive'}>
                      <td className="thumb-cell">
                        {product.imageUrl ? (
                          <img src={product.imageUrl} alt="" width="44" height="44" loading="lazy" className="thumb" />
                        ) : (
                          <span className="thumb placeholder" aria-hidden="true">
                            <ImageOff size={18} />
                          </span>
                        )}
                      </td>
                      <td>
                        {edits ? (
                          <Link to={paths.adminEditProduct(product.id)} className="product-link">
                            {product.name}
                          </Link>
                        ) : (
                          <span className="product-link">{product.name}</span>
                        )}
                        <span className="sku">{product.sku}</span>
                      </td>
                      <td>{product.category}</td>
                      <td className="numeric">
                        {formatMoney(product.price, product.currency)}
                        {product.tiers.length > 0 && <span className="cell-note">{product.tiers.length} tier{product.tiers.length === 1 ? '' : 's'}</span>}
                      </td>
                      <td className={`numeric ${product.stock === 0 ? 'stock-out' : product.stock <= ADMIN_RULES.lowStockUnits ? 'stock-low' : ''}`}>
                        {formatCount(product.stock)}
                        {(product.backorderable || product.backordered > 0) && <span className="cell-note">{backorderNote(product)}</span>}
                      </td>
                      <td>
                        {edits ? <ActiveSwitch product={product} busy={toggling === product.id} onToggle={() => toggleActive(product)} /> : product.active ? 'On sale' : 'Hidden'}
                      </td>
                      <td className="row-actions">
                        {may('stock.adjust') && (
                          <button type="button" className="icon-button" aria-label={`Adjust stock of ${product.name}`} title="Adjust stock" onClick={() => setAdjusting(product)}>
                            <Boxes size={16} aria-hidden="true" />
                          </button>
                        )}
                        {edits && (
                          <>
                            <Link to={paths.adminEditProduct(product.id)} className="icon-button" aria-label={`Edit ${product.name}`} title="Edit">
                              <Pencil size={16} aria-hidden="true" />
                            </Link>
                            <button type="button" className="icon-button danger" aria-label={`Delete ${product.name}`} title="Delete" onClick={() => setDeleting(product)}>
                              <Trash2 size={16} aria-hidden="true" />
                            </button>
                          </>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {pager}
          </div>
        )}
      </AdminListBody>

      {adjusting && <StockAdjustDialog product={adjusting} onClose={() => setAdjusting(null)} />}
      {deleting && (
        <ConfirmDialog
          title={`Delete ${deleting.name}?`}
          confirmLabel="Delete product"
          cancelLabel="Keep the product"
          busyLabel="Deleting…"
          busy={deletion.isLoading}
          danger
          onConfirm={confirmDelete}
          onClose={() => setDeleting(null)}
        >
          <p>
            {deleting.sku} is removed from the catalog for good, together with its uploaded image. Orders already placed keep their own copy of the product. To stop selling it
            for a while, switch it to hidden instead.
          </p>
        </ConfirmDialog>
      )}
    </AdminFrame>
  );
}
