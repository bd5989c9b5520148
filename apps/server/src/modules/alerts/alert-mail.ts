import { ALERT_KIND_INFO } from '@portal/contract'
import type { Db } from '../../db/database'
import type { JobQueue } from '../../jobs/job-queue'
import { PermanentJobError } from '../../jobs/job-queue'
import type { MailSender } from '../../lib/mail'
import { findAlert, subscriberAddresses } from './alert.repository'
import { scopeOfUser, toAlert } from './alert.service'

export const ALERT_EMAIL = 'alert.email'

interface AlertEmailJob {
  alert_id: number
  entity_code: string
  user_id: number
}

/**
 * New alerts by e-mail to the entity's members who asked for them (decision 0111): one job per recipient, so a
 * failure retries only that recipient's message, through the job queue with its backoff. The recipient must still
 * be an active member able to read the alert when it goes out.
 */
export function registerAlertMail(jobs: JobQueue, db: Db, mail: MailSender, publicUrl: string | null): void {
  jobs.register<AlertEmailJob>(
    ALERT_EMAIL,
    async (job) => {
      const recipient = (await subscriberAddresses(db, job.entity_code)).find((s) => s.id === job.user_id)
      if (!recipient) return
      const scope = await scopeOfUser(db, {
        sessionId: '',
        userId: recipient.id,
        userUuid: '',
        username: recipient.username,
        entityCode: job.entity_code,
        isPlatformAdmin: false,
      })
      if (scope === null) return
      const row = await findAlert(db, scope, job.alert_id)
      if (!row) throw new PermanentJobError(`alert ${String(job.alert_id)} is gone`)
      const alert = toAlert(row)
      const label = ALERT_KIND_INFO[alert.kind].label
      const link = publicUrl ? `\n\n${publicUrl}/alerts/${String(alert.id)}` : ''
      await mail.send({
        to: recipient.email,
        subject: `[${job.entity_code}] ${label}: ${alert.subject}`,
        text: `${label}: ${alert.subject}\n${alert.message}\n\nRaised ${new Date(alert.raised_at).toISOString()}.${link}`,
      })
    },
    { maxAttempts: 8 },
  )
}

/** Queues the e-mails of a new alert, one per subscriber (at most once each: the unique key). */
export async function queueAlertMail(
  jobs: JobQueue,
  db: Db,
  alertId: number,
  entityCode: string,
): Promise<void> {
  for (const s of await subscriberAddresses(db, entityCode))
    await jobs.enqueue<AlertEmailJob>(
      ALERT_EMAIL,
      { alert_id: alertId, entity_code: entityCode, user_id: s.id },
      { uniqueKey: `${ALERT_EMAIL}:${String(alertId)}:${String(s.id)}` },
    )
}
