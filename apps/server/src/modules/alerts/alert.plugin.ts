import type { FastifyInstance } from 'fastify'
import type { Config } from '../../config/env'
import type { MailSender } from '../../lib/mail'
import { DevMailOutbox, SmtpMailSender, UnconfiguredMailSender } from '../../lib/mail'
import { evaluateAll } from './alert-evaluator'
import { queueAlertMail, registerAlertMail } from './alert-mail'

export const ALERTS_EVALUATE = 'alerts.evaluate'

export interface AlertOptions {
  /** How often the rules are evaluated (default: config.alertEvaluateMs). */
  evaluateMs?: number
  /** How long a threshold's minute is (default: config.alertMinuteMs). */
  minuteMs?: number
  /** Where e-mails go (default: SMTP when configured, the dev outbox in development, none in production). */
  mail?: MailSender
  /** Tests evaluate by hand: no schedule. */
  schedule?: boolean
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Alert e-mails (lib/mail.ts); the dev outbox where development features are on. */
    mail: MailSender
    /** Evaluates every entity's alert rules now (the scheduled job calls it; tests too). */
    evaluateAlerts: () => Promise<{ raised: number; updated: number; resolved: number }>
  }
}

function mailSenderOf(app: FastifyInstance, config: Config): MailSender {
  if (config.smtpUrl !== null) {
    const smtp = new SmtpMailSender(config.smtpUrl, config.mailFrom)
    app.addHook('onClose', (_app, done) => {
      smtp.close()
      done()
    })
    return smtp
  }
  // DEV FEATURE: the outbox logs what it "sends"; never where development features are off.
  if (config.devFeatures)
    return new DevMailOutbox((line) => app.log.info({ dev_feature: 'mail-outbox' }, line))
  return new UnconfiguredMailSender()
}

/** Alerts: the evaluation job and the e-mail job; after registerLive (alerts are told on the live feed). */
export function registerAlerts(app: FastifyInstance, config: Config, options: AlertOptions = {}): void {
  const mail = options.mail ?? mailSenderOf(app, config)
  app.decorate('mail', mail)
  registerAlertMail(app.jobs, app.db, mail, null)
  const evaluate = () =>
    evaluateAll({
      db: app.db,
      tell: (...facts) => app.live.tell(...facts),
      raised: (alertId, entityCode) => queueAlertMail(app.jobs, app.db, alertId, entityCode),
      minuteMs: options.minuteMs ?? config.alertMinuteMs,
      log: { error: (m) => app.log.error(m) },
    })
  app.decorate('evaluateAlerts', evaluate)
  app.jobs.register(ALERTS_EVALUATE, async (_payload, ctx) => {
    const r = await evaluate()
    if (r.raised + r.updated + r.resolved > 0)
      ctx.log(
        `alerts: ${String(r.raised)} raised, ${String(r.updated)} updated, ${String(r.resolved)} resolved`,
      )
  })
  if (options.schedule !== false)
    app.jobs.schedule(ALERTS_EVALUATE, options.evaluateMs ?? config.alertEvaluateMs)
}
