import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../components/user-avatar';
import { visuallyHidden } from '../../components/visually-hidden';
import { useSession } from '../../lib/session/session-store';

const loadPopup = () => import('./identity-popup');
const IdentityPopup = lazy(() => loadPopup().then((m) => ({ default: m.IdentityPopup })));

/** Toolbar identity panel: avatar with initials and the name; opens the identity popup. */
export function IdentityPanel() {
  const { t } = useTranslation();
  const me = useSession((s) => s.me);
  const [open, setOpen] = useState(false);
  const popupId = useId();
  if (!me) return null;
  const name = `${me.firstname} ${me.lastname}`.trim() || me.email;

  return (
    <>
      <ButtonBase
        onClick={() => setOpen(true)}
        // Fetch the popup while the pointer approaches so it opens without a pause.
        onPointerEnter={() => void loadPopup()}
        onFocus={() => void loadPopup()}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? popupId : undefined}
        focusRipple
        sx={{ borderRadius: 6, pl: 0.5, pr: { xs: 0.5, md: 1 }, py: 0.5, gap: 1, ml: 0.5 }}
      >
        <UserAvatar firstname={me.firstname} lastname={me.lastname} email={me.email} size={34} />
        {/* The name is the button's label: visible on wide screens, read aloud everywhere. */}
        <Typography
          variant="body2"
          component="span"
          noWrap
          sx={{ fontWeight: 600, maxWidth: 160, display: { xs: 'none', md: 'block' } }}
        >
          {name}
        </Typography>
        <Box component="span" sx={visuallyHidden}>
          <Box component="span" sx={{ display: { md: 'none' } }}>
            {`${name} `}
          </Box>
          {t('identity.title')}
        </Box>
        <ExpandMore fontSize="small" sx={{ display: { xs: 'none', md: 'block' }, color: 'text.secondary' }} />
      </ButtonBase>
      {open && (
        <Suspense fallback={null}>
          <IdentityPopup id={popupId} me={me} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
