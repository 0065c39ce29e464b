import { Package } from 'lucide-react';

interface ProductImageProps {
  src: string;
  size: number;
  /** Below-the-fold images load lazily; the product page's main image does not. */
  lazy?: boolean;
}

/** A square product image with fixed dimensions (no layout shift), or a neutral placeholder. */
export function ProductImage({ src, size, lazy = true }: ProductImageProps) {
  if (!src) {
    return (
      <span className="product-image placeholder" aria-hidden="true">
        <Package size={size / 4} />
      </span>
    );
  }
  return <img className="product-image" src={src} alt="" width={size} height={size} loading={lazy ? 'lazy' : 'eager'} decoding="async" />;
}
