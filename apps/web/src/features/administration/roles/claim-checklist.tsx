import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { actionOf, type ClaimGroup, groupClaims, groupState, setGroup, toggleClaim } from './claim-groups';

export function groupLabel(t: TFunction, group: ClaimGroup): string {
  return group.itemKey ? t(`section.${group.itemKey}`) : t([`rolesAdmin.group.${group.prefix}`, group.prefix]);
}

export function actionLabel(t: TFunction, claim: string): string {
  const action = actionOf(claim);
  return t([`rolesAdmin.action.${action}`, action]);
}

const rowSx = {
  display: 'grid',
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 2fr) minmax(0, 3fr)' },
  alignItems: 'center',
  columnGap: 2,
  py: 0.25,
  borderTop: '1px solid',
  borderColor: 'divider',
} as const;

interface ChecklistProps {
  value: string[];
  onChange: (claims: string[]) => void;
  /** What the administrator holds: only these can be granted (the server checks it too). */
  held: ReadonlySet<string>;
  disabled?: boolean;
}

function GroupRow({ group, value, onChange, held, disabled }: ChecklistProps & { group: ClaimGroup }) {
  const { t } = useTranslation();
  const selected = new Set(value);
  const state = groupState(selected, group);
  const grantable = group.claims.filter((c) => held.has(c));
  const name = groupLabel(t, group);
  return (
    <Box sx={rowSx} role="group" aria-label={name}>
      <FormControlLabel
        sx={{ mr: 0, minWidth: 0 }}
        label={
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {name}
          </Typography>
        }
        control={
          <Checkbox
            size="small"
            checked={state === 'all'}
            indeterminate={state === 'some'}
            disabled={disabled || grantable.length === 0}
            onChange={(e) => onChange(setGroup(value, group, e.target.checked, held))}
            slotProps={{ input: { 'aria-label': t('rolesAdmin.allOfGroup', { group: name }) } }}
          />
        }
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, pl: { xs: 3.5, sm: 0 } }}>
        {group.claims.map((claim) => (
          <FormControlLabel
            key={claim}
            title={claim}
            sx={{ mr: 1 }}
            label={<Typography variant="body2">{actionLabel(t, claim)}</Typography>}
            control={
              <Checkbox
                size="small"
                checked={selected.has(claim)}
                disabled={disabled || !held.has(claim)}
                onChange={(e) => onChange(toggleClaim(value, claim, e.target.checked))}
                slotProps={{ input: { 'aria-label': `${name}: ${actionLabel(t, claim)}` } }}
              />
            }
          />
        ))}
      </Box>
    </Box>
  );
}

/** Every claim, grouped by prefix (registers, then the application), as checkboxes. */
export function ClaimChecklist(props: ChecklistProps) {
  const { t } = useTranslation();
  const registersId = useId();
  const applicationId = useId();
  const { registers, application } = groupClaims();
  const section = (id: string, title: string, groups: ClaimGroup[]) => (
    <Box component="section" aria-labelledby={id} sx={{ mb: 2 }}>
      <Typography id={id} variant="subtitle2" component="h3" color="text.secondary" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      {groups.map((g) => (
        <GroupRow key={g.prefix} group={g} {...props} />
      ))}
    </Box>
  );
  return (
    <>
      {section(applicationId, t('rolesAdmin.applicationClaims'), application)}
      {section(registersId, t('rolesAdmin.registerClaims'), registers)}
    </>
  );
}

/** A role's claims for reading: one line per group with its actions. */
export function ClaimSummary({ claims }: { claims: readonly string[] }) {
  const { t } = useTranslation();
  const { registers, application } = groupClaims(claims);
  const groups = [...application, ...registers];
  if (groups.length === 0) return <Typography color="text.secondary">{t('rolesAdmin.noClaims')}</Typography>;
  return (
    <Box component="dl" sx={{ m: 0 }}>
      {groups.map((g) => (
        <Box key={g.prefix} sx={{ ...rowSx, py: 0.75 }}>
          <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
            {groupLabel(t, g)}
          </Typography>
          <Box component="dd" sx={{ m: 0, display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
            {g.claims.map((c) => (
              <Chip key={c} size="small" variant="outlined" label={actionLabel(t, c)} title={c} />
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
