import { Fragment, type ReactNode } from "react";
import { Link } from "react-router";
import type { Block, Inline } from "../../../../shared/reads-markdown";

const linkClass = "font-semibold text-accent-dark underline decoration-accent/50 underline-offset-4 hover:decoration-accent-dark";

/** Inline text as React elements: text is always text (React escapes it), links only our pages or https. */
function renderInlines(inlines: Inline[]): ReactNode {
  return inlines.map((inline, index) => {
    switch (inline.kind) {
      case "text":
        return <Fragment key={index}>{inline.text}</Fragment>;
      case "strong":
        return (
          <strong key={index} className="font-semibold text-ink">
            {renderInlines(inline.children)}
          </strong>
        );
      case "em":
        return <em key={index}>{renderInlines(inline.children)}</em>;
      case "link":
        return inline.href.startsWith("/") ? (
          <Link key={index} to={inline.href} className={linkClass}>
            {renderInlines(inline.children)}
          </Link>
        ) : (
          <a key={index} href={inline.href} target="_blank" rel="noopener noreferrer" className={linkClass}>
            {renderInlines(inline.children)}
          </a>
        );
    }
  });
}

/** A read's body: paragraphs, headings, lists and quotes in a comfortable reading measure. */
export function ArticleBody({ blocks }: { blocks: Block[] }) {
  return (
    <div className="flex flex-col gap-5 text-lg leading-relaxed text-ink-soft">
      {blocks.map((block, index) => {
        switch (block.kind) {
          case "heading":
            return block.level === 2 ? (
              <h2 key={index} className="mt-4 text-2xl leading-snug font-bold tracking-tight text-ink">
                {renderInlines(block.inlines)}
              </h2>
            ) : (
              <h3 key={index} className="mt-2 text-xl leading-snug font-semibold text-ink">
                {renderInlines(block.inlines)}
              </h3>
            );
          case "list": {
            const List = block.ordered ? "ol" : "ul";
            return (
              <List key={index} className={block.ordered ? "flex list-decimal flex-col gap-2 pl-6" : "flex list-disc flex-col gap-2 pl-6 marker:text-accent"}>
                {block.items.map((item, itemIndex) => (
                  <li key={itemIndex} className="pl-1">
                    {renderInlines(item)}
                  </li>
                ))}
              </List>
            );
          }
          case "quote":
            return (
              <blockquote key={index} className="border-l-4 border-accent-light pl-5 text-ink italic">
                {renderInlines(block.inlines)}
              </blockquote>
            );
          case "paragraph":
            return <p key={index}>{renderInlines(block.inlines)}</p>;
        }
      })}
    </div>
  );
}

/** While a read's body loads after a client-side visit: lines the size of its paragraphs. */
export function ArticleBodySkeleton() {
  return (
    <div role="status" aria-label="Loading the article" className="flex flex-col gap-3">
      {Array.from({ length: 8 }, (_, index) => (
        <div key={index} className={index % 4 === 3 ? "h-5 w-2/3 rounded bg-sand-soft" : "h-5 w-full rounded bg-sand-soft"} />
      ))}
    </div>
  );
}
