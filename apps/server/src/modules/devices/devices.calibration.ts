import { CALIBRATION_DUE_SOON_DAYS, type CalibrationState } from '@plastrace/shared';

const DAY_MS = 24 * 60 * 60 * 1000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/**
 * Whether a scale's weights can be trusted on `today` (both YYYY-MM-DD, `today` in the organization's
 * time zone): 'never' without a calibration, 'overdue' once the due day has passed, 'due_soon' when it
 * falls within CALIBRATION_DUE_SOON_DAYS (the due day itself included: it is the last day it holds),
 * else 'valid'. An overdue scale is flagged on every record it weighs.
 */
export function calibrationState(nextDueOn: string | null, today: string): CalibrationState {
  if (nextDueOn === null) return 'never';
  const days = dayNumber(nextDueOn) - dayNumber(today);
  if (days < 0) return 'overdue';
  if (days <= CALIBRATION_DUE_SOON_DAYS) return 'due_soon';
  return 'valid';
}
