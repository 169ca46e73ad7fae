/**
 * The objective most domain tests start from: 99.9 % over a rolling 30 days, judged in 60 s
 * intervals. Tests spread it into the SLO record they build and change what they test.
 */
export const ROLLING_30_DAYS_999 = {
  time_window_type: 'rolling',
  time_window_value: '30',
  time_window_unit: 'day',
  target_value: '99.9',
  target_unit: '%',
  interval: 60,
} as const;
