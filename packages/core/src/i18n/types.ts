/** A text in Hindi and Marathi (English is the key or the source). */
export interface Translation {
  hi: string;
  mr: string;
}

/** Translations keyed by the English text. */
export type Translations = Record<string, Translation>;
