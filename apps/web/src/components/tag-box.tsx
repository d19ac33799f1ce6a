import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';

/** A grid tag box shows at most 5 tags. */
export const TAG_BOX_MAX = 5;

/** The tags to show and how many are left over ("+n"). */
export function tagBoxView<T>(tags: readonly T[], max = TAG_BOX_MAX): { shown: T[]; more: number } {
  return { shown: tags.slice(0, max), more: Math.max(0, tags.length - max) };
}

/** Tags as small chips, at most five, then "+n" with the rest in a tooltip. */
export function TagBox({ tags, max = TAG_BOX_MAX }: { tags: readonly { id: string; name: string }[]; max?: number }) {
  const { t } = useTranslation();
  const { shown, more } = tagBoxView(tags, max);
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'nowrap', overflow: 'hidden', alignItems: 'center' }}>
      {shown.map((tag) => (
        <Chip key={tag.id} label={tag.name} size="small" variant="outlined" sx={{ maxWidth: 140 }} />
      ))}
      {more > 0 && (
        <Tooltip
          title={tags
            .slice(max)
            .map((tag) => tag.name)
            .join(', ')}
        >
          <Chip label={`+${more}`} size="small" aria-label={t('grid.moreTags', { count: more })} />
        </Tooltip>
      )}
    </Box>
  );
}
