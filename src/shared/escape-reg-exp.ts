/** The text as a regular expression that matches it literally ('Mr. T (3)' matches only itself). */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
