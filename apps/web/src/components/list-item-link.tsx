import ListItemButton, { type ListItemButtonProps } from '@mui/material/ListItemButton';
import { createLink } from '@tanstack/react-router';
import { forwardRef } from 'react';

const ListItemAnchor = forwardRef<HTMLAnchorElement, ListItemButtonProps<'a'>>((props, ref) => (
  <ListItemButton ref={ref} component="a" {...props} />
));
ListItemAnchor.displayName = 'ListItemAnchor';

/** A sidebar entry that is a real link. */
export const ListItemLink = createLink(ListItemAnchor);
