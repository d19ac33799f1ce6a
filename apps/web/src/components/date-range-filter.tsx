import DateRangeIcon from '@mui/icons-material/DateRange';
import EventBusy from '@mui/icons-material/EventBusy';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import type { Theme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  currentWeek,
  type DateRange,
  endOfDay,
  isEmptyRange,
  judgePicked,
  MAX_YEAR,
  MIN_YEAR,
  type PickedDate,
  startOfDay,
} from './date-range';
import { DATE_FORMAT } from './pickers-provider';

/** Typing waits this long before the range applies, so "2026" does not query 0002, 0020, 0202. */
export const DATE_TYPING_DEBOUNCE_MS = 300;

interface DateRangeFilterProps {
  value: DateRange;
  /** Called when a bound settles on a real date or is cleared; the grid re-queries. */
  onChange: (range: DateRange) => void;
  /** Names what the range applies to, e.g. "Fälligkeit". */
  label?: string;
  /** Picker labels; default "Von" / "Bis". */
  fromLabel?: string;
  untilLabel?: string;
}

const toDayjs = (d: Date | null) => (d ? dayjs(d) : null);

interface BoundProps {
  label: string;
  value: Date | null;
  onCommit: (date: Date | null) => void;
  minDate?: Date | null;
  maxDate?: Date | null;
}

/**
 * One bound of the range. It keeps what is typed to itself and hands on only a settled entry:
 * a partial date sends nothing, an impossible or out-of-range one shows a field error instead.
 */
function DateBound({ label, value, onCommit, minDate, maxDate }: BoundProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [draft, setDraft] = useState<Dayjs | null>(toDayjs(value));
  const [problem, setProblem] = useState<PickedDate['kind'] | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // A change from outside ("this week", clear) replaces whatever was being typed.
  const valueTime = value?.getTime() ?? null;
  useEffect(() => {
    clearTimeout(timer.current);
    setDraft(valueTime === null ? null : dayjs(valueTime));
    setProblem(null);
  }, [valueTime]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const settle = (v: Dayjs | null) => {
    // The field's text tells an unfinished entry ("31.02.JJJJ") from an impossible one.
    const picked = judgePicked(v ? v.toDate() : null, inputRef.current?.value ?? '');
    if (picked.kind === 'invalid' || picked.kind === 'outOfRange') return setProblem(picked.kind);
    setProblem(null);
    if (picked.kind === 'partial') return;
    onCommit(picked.kind === 'date' ? picked.date : null);
  };

  const onChange = (v: Dayjs | null) => {
    setDraft(v);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => settle(v), DATE_TYPING_DEBOUNCE_MS);
  };

  const helperText =
    problem === 'invalid'
      ? t('grid.dateRange.invalid')
      : problem === 'outOfRange'
        ? t('grid.dateRange.yearRange', { min: MIN_YEAR, max: MAX_YEAR })
        : undefined;
  return (
    <DatePicker
      label={label}
      value={draft}
      onChange={onChange}
      format={DATE_FORMAT}
      inputRef={inputRef}
      minDate={toDayjs(minDate ?? null) ?? dayjs(new Date(MIN_YEAR, 0, 1))}
      maxDate={toDayjs(maxDate ?? null) ?? dayjs(new Date(MAX_YEAR, 11, 31))}
      slotProps={{
        textField: {
          size: 'small',
          variant: 'filled',
          error: problem !== null,
          helperText,
          sx: {
            width: { xs: 'calc(50% - 4px)', sm: 200 },
            // Two bounds side by side on a phone leave ~160 px each: no clear button in the
            // field (the filter's own clear button stays) keeps the year visible.
            '& .MuiInputAdornment-positionEnd': { ml: { xs: 0, sm: 1 } },
          },
        },
        field: { clearable: !phone },
      }}
    />
  );
}

/**
 * The date-range grid filter: from and until. The owner chooses the start: the current week
 * ({@link currentWeek}) for lists whose subject is time, empty for registers (decision 0013); "this
 * week" sets the current week, the clear button removes the filter.
 * Needs a {@link PickersProvider} above it.
 */
export function DateRangeFilter({ value, onChange, label, fromLabel, untilLabel }: DateRangeFilterProps) {
  const { t } = useTranslation();
  return (
    <Box
      role="group"
      aria-label={label ? t('grid.dateRange.groupFor', { field: label }) : t('grid.dateRange.group')}
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 1,
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
        width: { xs: '100%', sm: 'auto' },
      }}
    >
      <DateBound
        label={fromLabel ?? t('grid.dateRange.from')}
        value={value.from}
        maxDate={value.until}
        onCommit={(d) => onChange({ ...value, from: d ? startOfDay(d) : null })}
      />
      <DateBound
        label={untilLabel ?? t('grid.dateRange.until')}
        value={value.until}
        minDate={value.from}
        onCommit={(d) => onChange({ ...value, until: d ? endOfDay(d) : null })}
      />
      <Box sx={{ display: 'flex', flexShrink: 0 }}>
        <Tooltip title={t('grid.dateRange.thisWeek')}>
          <IconButton aria-label={t('grid.dateRange.thisWeek')} onClick={() => onChange(currentWeek())}>
            <DateRangeIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('grid.dateRange.clear')}>
          <span>
            <IconButton
              aria-label={t('grid.dateRange.clear')}
              disabled={isEmptyRange(value)}
              onClick={() => onChange({ from: null, until: null })}
            >
              <EventBusy />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
    </Box>
  );
}
