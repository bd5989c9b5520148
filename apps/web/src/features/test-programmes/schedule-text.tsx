import type { Period, TestSchedule } from '@portal/contract'
import { formatDate, PROGRAMME_TIME_ZONE } from '@portal/contract'
import { useTranslation } from 'react-i18next'

/** "1 test every 7 days, due within 3 days". */
export function ScheduleText({ schedule }: { schedule: TestSchedule }) {
  const { t } = useTranslation()
  return (
    <>
      {t('testProgrammes.schedule', {
        count: schedule.testsPerPeriod,
        days: schedule.periodDays,
        due: schedule.dueDays,
      })}
    </>
  )
}

/** "Period Nov 16 – Nov 22, 2026 · due Nov 19, 2026". */
export function PeriodText({ period }: { period: Period }) {
  const { t } = useTranslation()
  return (
    <>
      {t('testProgrammes.period', {
        start: formatDate(period.start, PROGRAMME_TIME_ZONE),
        end: formatDate(period.end - 1, PROGRAMME_TIME_ZONE),
        due: formatDate(period.due, PROGRAMME_TIME_ZONE),
      })}
    </>
  )
}
