import DateRangeOutlined from '@mui/icons-material/DateRangeOutlined';
import EventBusyOutlined from '@mui/icons-material/EventBusyOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { currentWeek, type DateRange, endOfDay, isEmptyRange, startOfDay } from './date-range';
import { DATE_FORMAT } from './pickers-provider';

interface DateRangeFilterProps {
  value: DateRange;
  /** Called on every change; the grid re-queries with the new range (spec 001 §2). */
  onChange: (range: DateRange) => void;
  /** Names what the range applies to, e.g. "Fälligkeit". */
  label?: string;
  /** Picker labels; default "Von" / "Bis". */
  fromLabel?: string;
  untilLabel?: string;
}

const toDayjs = (d: Date | null) => (d ? dayjs(d) : null);

/**
 * Spec 001 §2 date-range grid filter: from and until. The owner chooses the start: the current week
 * ({@link currentWeek}) for lists whose subject is time, empty for registers (decision 0013); "this
 * week" sets the current week, the clear button removes the filter.
 * Needs a {@link PickersProvider} above it.
 */
export function DateRangeFilter({ value, onChange, label, fromLabel, untilLabel }: DateRangeFilterProps) {
  const { t } = useTranslation();
  const pick = (key: 'from' | 'until') => (v: Dayjs | null) => {
    if (v && !v.isValid()) return;
    const date = v ? (key === 'from' ? startOfDay(v.toDate()) : endOfDay(v.toDate())) : null;
    onChange({ ...value, [key]: date });
  };
  const field = { size: 'small' as const, variant: 'filled' as const, sx: { width: { xs: 'calc(50% - 4px)', sm: 200 } } };
  return (
    <Box
      role="group"
      aria-label={label ? t('grid.dateRange.groupFor', { field: label }) : t('grid.dateRange.group')}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
        width: { xs: '100%', sm: 'auto' },
      }}
    >
      <DatePicker
        label={fromLabel ?? t('grid.dateRange.from')}
        value={toDayjs(value.from)}
        onChange={pick('from')}
        format={DATE_FORMAT}
        maxDate={toDayjs(value.until) ?? undefined}
        slotProps={{ textField: field, field: { clearable: true } }}
      />
      <DatePicker
        label={untilLabel ?? t('grid.dateRange.until')}
        value={toDayjs(value.until)}
        onChange={pick('until')}
        format={DATE_FORMAT}
        minDate={toDayjs(value.from) ?? undefined}
        slotProps={{ textField: field, field: { clearable: true } }}
      />
      <Box sx={{ display: 'flex', flexShrink: 0 }}>
        <Tooltip title={t('grid.dateRange.thisWeek')}>
          <IconButton aria-label={t('grid.dateRange.thisWeek')} onClick={() => onChange(currentWeek())}>
            <DateRangeOutlined />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('grid.dateRange.clear')}>
          <span>
            <IconButton
              aria-label={t('grid.dateRange.clear')}
              disabled={isEmptyRange(value)}
              onClick={() => onChange({ from: null, until: null })}
            >
              <EventBusyOutlined />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
    </Box>
  );
}
