import Button, { type ButtonProps } from '@mui/material/Button';
import { createLink } from '@tanstack/react-router';
import { forwardRef } from 'react';

// MUI components as router links: a real <a href> for middle-click and screen readers, with
// client-side navigation on click (TanStack Router createLink). One file per component keeps
// the login bundle free of list and menu code.
const ButtonAnchor = forwardRef<HTMLAnchorElement, ButtonProps<'a'>>((props, ref) => (
  <Button ref={ref} component="a" {...props} />
));
ButtonAnchor.displayName = 'ButtonAnchor';

export const ButtonLink = createLink(ButtonAnchor);
