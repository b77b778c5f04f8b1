import { DEFAULT_LANGUAGE, type Language } from './languages';

/*
 * A listing's Hindi or Marathi version (issue 33). A module of its own, outside the web app's shared `core` chunk
 * (vite.config.ts): only the pages that show or edit listings download it, not the landing page.
 */
/** The languages a listing's second version may be in (spec 3, section 5): Hindi or Marathi beside the English. */
export const LISTING_LOCAL_LANGUAGES = ['hi', 'mr'] as const;
export type ListingLocalLanguage = (typeof LISTING_LOCAL_LANGUAGES)[number];

/** A listing's texts as a page in `language` shows them. */
export interface ListingText {
  title: string;
  description: string;
  /** The language the title is in: the page's when its own version is shown, else English. */
  language: Language;
  /** The language of the description (English when only the title was written in the page's language). */
  descriptionLanguage: Language;
}

/**
 * What a page in `language` shows of a listing: its Hindi or Marathi title (and description, when written) on the
 * pages of that language, the English everywhere else.
 */
export function listingText(
  listing: {
    title: string;
    description: string;
    localLanguage?: ListingLocalLanguage | null;
    localTitle?: string | null;
    localDescription?: string | null;
  },
  language: Language,
): ListingText {
  if (listing.localLanguage === language && listing.localTitle)
    return {
      title: listing.localTitle,
      description: listing.localDescription || listing.description,
      language,
      descriptionLanguage: listing.localDescription ? language : DEFAULT_LANGUAGE,
    };
  return {
    title: listing.title,
    description: listing.description,
    language: DEFAULT_LANGUAGE,
    descriptionLanguage: DEFAULT_LANGUAGE,
  };
}
