import { DELAYS_MS } from '@barterads/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';

/**
 * A search box whose text is kept in the URL: typing commits the trimmed text after the spec's 250 ms
 * debounce; a URL change from elsewhere (back/forward, a link) is shown in the box.
 */
export function useUrlSearchText(
  urlValue: string | undefined,
  commit: (q: string | undefined) => void,
): [string, (text: string) => void] {
  const [text, setText] = useState(urlValue ?? '');
  const [debounced] = useDebouncedValue(text, DELAYS_MS.adminUserSearchDebounce);
  const committed = useRef<string | undefined>(urlValue);
  const commitRef = useRef(commit);
  commitRef.current = commit;

  useEffect(() => {
    const q = debounced.trim() || undefined;
    if (q === committed.current) return;
    committed.current = q;
    commitRef.current(q);
  }, [debounced]);

  useEffect(() => {
    if (urlValue === committed.current) return;
    committed.current = urlValue;
    setText(urlValue ?? '');
  }, [urlValue]);

  return [text, setText];
}
