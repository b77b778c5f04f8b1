import { Image } from '@mantine/core';

export interface LazyImageProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** The `sizes` attribute: how wide the image is drawn at each viewport width. */
  sizes: string;
  /** Above-the-fold images load eagerly with high priority; every other image loads lazily. */
  priority?: boolean;
  radius?: 'sm' | 'md' | 'lg' | 'xl';
}

/** An image with intrinsic dimensions (no layout shift), `sizes` set and lazy loading by default. */
export function LazyImage({
  src,
  alt,
  width,
  height,
  sizes,
  priority = false,
  radius = 'lg',
}: LazyImageProps) {
  return (
    <Image
      src={src}
      alt={alt}
      width={width}
      height={height}
      sizes={sizes}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      radius={radius}
      w="100%"
      h="auto"
      style={{ aspectRatio: `${width} / ${height}` }}
    />
  );
}
