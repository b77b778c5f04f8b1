import { useEffect } from 'react';

/** Sets the document title and description of a route. */
export function usePageMeta(title: string, description?: string): void {
  useEffect(() => {
    document.title = title === 'BarterAds' ? title : `${title} | BarterAds`;
    if (description) {
      let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
      if (!meta) {
        meta = document.createElement('meta');
        meta.name = 'description';
        document.head.appendChild(meta);
      }
      meta.content = description;
    }
  }, [title, description]);
}
