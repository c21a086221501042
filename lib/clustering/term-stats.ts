/** Document frequencies learnt from the stream itself, so IDF follows the news as it is, in any domain. */
export class TermStats {
  private df = new Map<string, number>();
  docs = 0;

  add(terms: Iterable<string>): void {
    this.docs++;
    for (const t of new Set(terms)) this.df.set(t, (this.df.get(t) ?? 0) + 1);
  }

  /** Smoothed inverse document frequency; unseen terms get the highest value. */
  idf(term: string): number {
    return Math.log((this.docs + 1) / ((this.df.get(term) ?? 0) + 0.5));
  }
}
