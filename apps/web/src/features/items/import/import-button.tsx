import UploadFile from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import type { ItemTypeKey } from '@pc/shared';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { typeSingular } from '../labels';

// The wizard loads when it is opened, not with every register list.
const ImportWizard = lazy(() => import('./import-wizard').then((m) => ({ default: m.ImportWizard })));

/**
 * "Import" beside a register's Excel export: opens the import wizard for the register. A list of
 * several kinds (the service agreements) first asks which kind the file holds: each kind has its
 * own fields and template.
 */
export function ImportButton({ types }: { types: readonly ItemTypeKey[] }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [type, setType] = useState<ItemTypeKey | null>(null);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<UploadFile />}
        onClick={(e) => (types.length === 1 ? setType(types[0]!) : setAnchor(e.currentTarget))}
        aria-haspopup={types.length === 1 ? 'dialog' : 'menu'}
      >
        {t('import.button')}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {types.map((k) => (
          <MenuItem
            key={k}
            onClick={() => {
              setAnchor(null);
              setType(k);
            }}
          >
            {typeSingular(t, k)}
          </MenuItem>
        ))}
      </Menu>
      {type && (
        <Suspense fallback={null}>
          <ImportWizard type={type} onClose={() => setType(null)} />
        </Suspense>
      )}
    </>
  );
}
