import { MEDIA_CATEGORIES } from '@barterads/core';

/** The media categories as select options (the marketplace filter and the listing form). */
export const CATEGORY_OPTIONS = MEDIA_CATEGORIES.map((c) => ({ value: c.id, label: c.title }));
