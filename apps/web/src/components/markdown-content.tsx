import Box from '@mui/material/Box';
import Markdown from 'react-markdown';
import remarkBreaks from 'remark-breaks';

/** Markdown with line breaks enabled; raw HTML is not rendered. */
export function MarkdownContent({ children }: { children: string }) {
  return (
    <Box
      sx={{
        color: 'text.primary',
        lineHeight: 1.65,
        overflowWrap: 'anywhere',
        '& > :first-of-type': { mt: 0 },
        '& > :last-child': { mb: 0 },
        '& h1, & h2, & h3, & h4': { fontWeight: 650, lineHeight: 1.3, mt: 3, mb: 1 },
        '& h1': { fontSize: '1.5rem' },
        '& h2': { fontSize: '1.25rem' },
        '& h3, & h4': { fontSize: '1.05rem' },
        '& p': { my: 1.25 },
        '& ul, & ol': { pl: 3, my: 1.25 },
        '& li + li': { mt: 0.5 },
        '& a': { color: 'primary.main' },
        '& blockquote': { borderLeft: '3px solid', borderColor: 'divider', m: 0, pl: 2, color: 'text.secondary' },
        '& code': { fontFamily: 'ui-monospace, Menlo, Consolas, monospace', bgcolor: 'grey.100', px: 0.5, borderRadius: 0.5 },
      }}
    >
      <Markdown remarkPlugins={[remarkBreaks]}>{children}</Markdown>
    </Box>
  );
}
