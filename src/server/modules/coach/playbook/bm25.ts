import { tokenize } from "./message-words";

/** BM25 ranking over a small, fixed set of documents (the Playbook's situations), over their words as `tokenize` reads them. */

export function createBm25Index(documents: { id: string; text: string }[], options: { k1?: number; b?: number } = {}) {
  const k1 = options.k1 ?? 1.2;
  const b = options.b ?? 0.75;
  const docs = documents.map((doc) => {
    const terms = new Map<string, number>();
    const tokens = tokenize(doc.text);
    for (const token of tokens) terms.set(token, (terms.get(token) ?? 0) + 1);
    return { id: doc.id, terms, length: tokens.length };
  });
  const averageLength = docs.reduce((sum, doc) => sum + doc.length, 0) / Math.max(1, docs.length);
  const documentFrequency = new Map<string, number>();
  for (const doc of docs) for (const term of doc.terms.keys()) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  const idf = (term: string) => {
    const n = documentFrequency.get(term) ?? 0;
    return Math.log(1 + (docs.length - n + 0.5) / (n + 0.5));
  };

  return {
    /** Documents with a positive score, best first, for a query's words as `tokenize` gives them. */
    search(queryTokens: string[]) {
      const terms = [...new Set(queryTokens)];
      return docs
        .map((doc) => {
          let score = 0;
          for (const term of terms) {
            const frequency = doc.terms.get(term);
            if (!frequency) continue;
            score += (idf(term) * frequency * (k1 + 1)) / (frequency + k1 * (1 - b + (b * doc.length) / averageLength));
          }
          return { id: doc.id, score };
        })
        .filter((hit) => hit.score > 0)
        .sort((x, y) => y.score - x.score);
    },
  };
}
