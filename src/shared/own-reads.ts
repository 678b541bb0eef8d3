import { PRODUCT_NAME } from "./product";
import index from "./reads-content/index.json";
import { type OwnReadMeta, ownReadHref, ownReadItem, type ReadItem } from "./reads-markdown";

/** The product's own reads, newest first (generated from content/reads by `npm run build:reads`). */
export const OWN_READS: readonly OwnReadMeta[] = index;
export const OWN_READ_ITEMS: readonly ReadItem[] = OWN_READS.map(ownReadItem);

export const findOwnRead = (slug: string) => OWN_READS.find((read) => read.slug === slug);

/** The read a /blog/{slug} path shows, or undefined for any other path (and for an unknown slug). */
export function ownReadForPath(pathname: string) {
  const slug = /^\/blog\/([a-z0-9-]+)\/?$/.exec(pathname)?.[1];
  return slug ? findOwnRead(slug) : undefined;
}

export const ownReadTitle = (read: OwnReadMeta) => `${read.title} · ${PRODUCT_NAME}`;

/** Every /blog/{slug} path, for the prerender and the sitemap. */
export const OWN_READ_PATHS = OWN_READS.map((read) => ownReadHref(read.slug));
