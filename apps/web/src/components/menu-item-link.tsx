import MenuItem, { type MenuItemProps } from '@mui/material/MenuItem';
import { createLink } from '@tanstack/react-router';
import { forwardRef } from 'react';

const MenuItemAnchor = forwardRef<HTMLAnchorElement, MenuItemProps<'a'>>((props, ref) => (
  <MenuItem ref={ref} component="a" {...props} />
));
MenuItemAnchor.displayName = 'MenuItemAnchor';

/** A menu entry that is a real link. */
export const MenuItemLink = createLink(MenuItemAnchor);
