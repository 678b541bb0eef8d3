/** The reads feed (spec 002 section 9). */
export const READ_MINUTES = 3;
export const CAROUSEL_READS = 5;
export const BLOG_READS = 12;
export const READ_SKELETONS = 6;

export const READS_COPY = {
  heading: "This Week's Reads",
  subheading: "Quick, practical ideas for modern dads.",
  empty: "Couldn't load the latest reads right now. Check back soon.",
  readLabel: "3-min read",
  readOn: "Read on Substack →",
  carouselHeading: "Learn & Grow as a Dad",
  seeMore: "See More →",
  seeMoreReads: "See more reads",
} as const;
