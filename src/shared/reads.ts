/** The reads feed (spec 002 section 9) and the product's own reads. */
export const READ_MINUTES = 3;
export const CAROUSEL_READS = 5;
export const BLOG_READS = 12;

export const READS_COPY = {
  heading: "This Week's Reads",
  subheading: "Quick, practical ideas for modern dads.",
  empty: "Couldn't load the latest reads right now. Check back soon.",
  readOn: "Read on Substack →",
  readHere: "Read it →",
  carouselHeading: "Learn & Grow as a Dad",
  seeMore: "See More →",
  seeMoreReads: "See more reads",
} as const;

/** '3-min read': the newsletter's items are always 3 minutes (spec 002); own reads carry theirs from their length. */
export const readTimeLabel = (minutes: number) => `${minutes}-min read`;
