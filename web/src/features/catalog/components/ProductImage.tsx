import { Package } from 'lucide-react';

interface ProductImageProps {
  src: string;
  size: number;
  /**
   * Images in the first screen (the product page's main image, the first catalog cards) load at
   * once and first, since the largest of them is the page's largest contentful paint; the others
   * load lazily.
   */
  priority?: boolean;
}

/** A square product image with fixed dimensions (no layout shift), or a neutral placeholder. */
export function ProductImage({ src, size, priority = false }: ProductImageProps) {
  if (!src) {
    return (
      <span className="product-image placeholder" aria-hidden="true">
        <Package size={size / 4} />
      </span>
    );
  }
  return (
    <img
      className="product-image"
      src={src}
      alt=""
      width={size}
      height={size}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
    />
  );
}
