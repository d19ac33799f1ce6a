import MuiLink, { type LinkProps as MuiLinkProps } from '@mui/material/Link';
import { createLink } from '@tanstack/react-router';
import { forwardRef } from 'react';

const TextAnchor = forwardRef<HTMLAnchorElement, MuiLinkProps>((props, ref) => <MuiLink ref={ref} {...props} />);
TextAnchor.displayName = 'TextAnchor';

/** An inline text link (breadcrumbs, footer, scope name). */
export const TextLink = createLink(TextAnchor);
