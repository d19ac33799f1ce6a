import AccountBox from '@mui/icons-material/AccountBox';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import CompareArrows from '@mui/icons-material/CompareArrows';
import Logout from '@mui/icons-material/Logout';
import Person from '@mui/icons-material/Person';
import Savings from '@mui/icons-material/Savings';
import Schedule from '@mui/icons-material/Schedule';
import Slideshow from '@mui/icons-material/Slideshow';
import ToggleOff from '@mui/icons-material/ToggleOff';
import ToggleOn from '@mui/icons-material/ToggleOn';
import Translate from '@mui/icons-material/Translate';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import type { Language, UserMe } from '@pc/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuItemLink } from '../../components/menu-item-link';
import { UserAvatar } from '../../components/user-avatar';
import { useConfig } from '../../lib/config';
import { offeredLanguages } from '../../lib/i18n/language';
import { errorText } from '../../lib/messages';
import { notify } from '../../lib/notify';
import { hasClaim } from '../../lib/permissions';
import { setPresentationMode, usePresentationMode } from '../../lib/presentation-mode';
import { changeLanguage } from '../../lib/session/change-language';
import { logout } from '../../lib/session/session-actions';
import { type IdentityEntry, identityEntries } from './identity-entries';

const icons: Record<IdentityEntry['key'], ReactElement> = {
  profile: <Person fontSize="small" />,
  account: <AccountBox fontSize="small" />,
  'time-record': <Schedule fontSize="small" />,
  'time-comparison': <CompareArrows fontSize="small" />,
  'time-budget-element': <Savings fontSize="small" />,
  administration: <AdminPanelSettings fontSize="small" />,
};

interface IdentityPopupProps {
  id: string;
  me: UserMe;
  open: boolean;
  onClose: () => void;
}

/** The identity popup, 280×450, 72 px from the top and 8 px from the right. */
export function IdentityPopup({ id, me, open, onClose }: IdentityPopupProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const presentationMode = usePresentationMode();
  const name = `${me.firstname} ${me.lastname}`.trim() || me.email;
  const languages = offeredLanguages(useConfig().languages);
  const nextLanguage = languages[(languages.indexOf(i18n.language as Language) + 1) % languages.length] ?? languages[0];

  const switchLanguage = () => {
    changeLanguage(nextLanguage).catch((error: unknown) => notify(errorText(t, error), 'error'));
  };

  const signOut = async () => {
    onClose();
    await logout();
    queryClient.clear();
    await navigate({ href: '/login', replace: true });
  };

  return (
    <Popover
      id={id}
      open={open}
      onClose={onClose}
      anchorReference="anchorPosition"
      anchorPosition={{ top: 72, left: document.documentElement.clientWidth - 8 }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      // MUI keeps popovers 16 px off the edge by default; this popup keeps 8 px, which needs this lowered.
      marginThreshold={8}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-label': t('identity.title'),
          sx: { width: 280, maxWidth: 'calc(100vw - 16px)', maxHeight: 450, display: 'flex', flexDirection: 'column' },
        },
      }}
    >
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', p: 2, bgcolor: 'grey.50' }}>
        <UserAvatar firstname={me.firstname} lastname={me.lastname} email={me.email} size={44} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle1" component="p" noWrap sx={{ lineHeight: 1.3 }}>
            {name}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {me.email}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap component="p">
            {me.company}
          </Typography>
        </Box>
      </Box>
      <Divider />
      <MenuList dense autoFocusItem aria-label={t('identity.title')} sx={{ overflowY: 'auto', py: 0.5 }}>
        {identityEntries(me, presentationMode).map((entry) => (
          <MenuItemLink key={entry.key} to={entry.path} onClick={onClose}>
            <ListItemIcon>{icons[entry.key]}</ListItemIcon>
            <ListItemText>{t(`identity.${entry.key}`)}</ListItemText>
          </MenuItemLink>
        ))}
        {hasClaim(me, 'Application.PresentationMode') && (
          <MenuItem
            role="menuitemcheckbox"
            aria-checked={presentationMode}
            onClick={() => setPresentationMode(!presentationMode)}
          >
            <ListItemIcon>
              <Slideshow fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('identity.presentationMode')}</ListItemText>
            {/* An icon, not a Switch: a control inside a menu item would be nested-interactive. */}
            {presentationMode ? <ToggleOn color="primary" aria-hidden /> : <ToggleOff color="action" aria-hidden />}
          </MenuItem>
        )}
        {/* The entry names the other language in that language, so anyone can find it. */}
        {nextLanguage && nextLanguage !== i18n.language && (
          <MenuItem onClick={switchLanguage} lang={nextLanguage}>
            <ListItemIcon>
              <Translate fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t(`language.name.${nextLanguage}`)}</ListItemText>
          </MenuItem>
        )}
        <Divider />
        <MenuItem onClick={() => void signOut()}>
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('identity.logout')}</ListItemText>
        </MenuItem>
      </MenuList>
    </Popover>
  );
}
