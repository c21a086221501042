import ReactMarkdown from "react-markdown";
import rehypeSanitize from "rehype-sanitize";

/**
 * A story's rich summary. Markdown comes from the pipeline, which quotes headlines from feeds: it is rendered
 * without raw HTML and sanitised (GitHub's schema), and links leave the dashboard without a referrer.
 */
export function StoryMarkdown({ markdown }: { markdown: string }) {
  return (
    <div className="text-sm leading-relaxed [&_h1]:mt-4 [&_h1]:font-semibold [&_h2]:mt-4 [&_h2]:font-semibold [&_h3]:mt-4 [&_h3]:mb-1 [&_h3]:text-xs [&_h3]:font-semibold [&_h3]:tracking-wide [&_h3]:uppercase [&_li]:mt-1 [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:mt-2 [&_strong]:font-semibold [&_ul]:list-disc [&_ul]:pl-5 [&>:first-child]:mt-0">
      <ReactMarkdown
        rehypePlugins={[rehypeSanitize]}
        components={{
          a: ({ href, children }) => (
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="text-accent underline underline-offset-4 hover:decoration-2"
            >
              {children}
            </a>
          ),
        }}
      >
        {markdown}
      </ReactMarkdown>
    </div>
  );
}
