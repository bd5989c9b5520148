import type { ReportScheduleCreateRequest } from '@portal/contract'
import { exportFormats, REPORT_FREQUENCIES, parseTimeOfDay } from '@portal/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { z } from 'zod'
import { FormError, SelectField } from '@/components/form-kit/fields'
import { applyServerErrors, useZodForm } from '@/components/form-kit/use-zod-form'
import { Button } from '@/components/ui/button/button'
import { Modal } from '@/components/ui/modal/modal'
import { TextField } from '@/components/ui/text-field/text-field'
import { useToast } from '@/components/ui/toast/toast'
import { mainApi } from '@/lib/http'
import { webhookListResponse } from '@portal/contract'
import { createReportSchedule, reportScheduleKeys } from './report-schedule-api'

/** What the list's export button knows: the export the schedule will write, and the saved view it comes from. */
export interface ScheduledExport {
  viewId: number
  source: string
  filters: Record<string, unknown>
  columns: readonly string[] | null
}

/** The form as typed (selects give strings); the request is built on submit and checked by the server. */
const draftSchema = z
  .object({
    name: z.string().trim().max(80),
    frequency: z.enum(REPORT_FREQUENCIES),
    time: z.string().refine((t) => parseTimeOfDay(t) !== null, 'HH:MM'),
    weekday: z.string(),
    month_day: z.string(),
    format: z.enum(['csv', 'xlsx']),
    delivery: z.enum(['email', 'webhook']),
    webhook_id: z.string(),
  })
  .superRefine((d, ctx) => {
    if (d.delivery === 'webhook' && d.webhook_id === '')
      ctx.addIssue({ code: 'custom', path: ['webhook_id'], message: 'Choose a webhook' })
  })
type Draft = z.input<typeof draftSchema>

const DEFAULTS: Draft = {
  name: '',
  frequency: 'daily',
  time: '07:00',
  weekday: '1',
  month_day: '1',
  format: 'xlsx',
  delivery: 'email',
  webhook_id: '',
}

function requestOf(d: z.output<typeof draftSchema>, what: ScheduledExport): ReportScheduleCreateRequest {
  return {
    view_id: what.viewId,
    ...(d.name === '' ? {} : { name: d.name }),
    export: {
      source: what.source,
      filters: what.filters,
      ...(what.columns ? { columns: [...what.columns] } : {}),
    },
    format: d.format,
    frequency: d.frequency,
    time: d.time,
    weekday: d.frequency === 'weekly' ? Number(d.weekday) : null,
    month_day: d.frequency === 'monthly' ? Number(d.month_day) : null,
    delivery: d.delivery,
    webhook_id: d.delivery === 'webhook' ? Number(d.webhook_id) : null,
  }
}

/** The entity's webhooks, for sending a report to one; a member who may not read them gets e-mail only. */
function useWebhookChoices(enabled: boolean) {
  return useQuery({
    queryKey: ['report-schedules', 'webhooks'],
    queryFn: ({ signal }) =>
      mainApi.get('/webhooks', webhookListResponse, { signal }).then((r) => r.data.webhooks),
    enabled,
    retry: false,
  })
}

/** Schedules the export of a saved view: when, in which format, and where it goes. */
export function ScheduleReportDialog({
  open,
  onClose,
  what,
}: {
  open: boolean
  onClose: () => void
  what: ScheduledExport
}) {
  const { t } = useTranslation()
  const formId = useId()
  const { addToast } = useToast()
  const queryClient = useQueryClient()
  const form = useZodForm(draftSchema, { defaultValues: DEFAULTS })
  const [formError, setFormError] = useState<string | null>(null)
  const errors = form.formState.errors
  const frequency = form.watch('frequency')
  const delivery = form.watch('delivery')
  const webhooks = useWebhookChoices(open)
  const create = useMutation({ mutationFn: createReportSchedule })

  const submit = form.handleSubmit(async (draft) => {
    setFormError(null)
    try {
      const schedule = await create.mutateAsync(requestOf(draft, what))
      void queryClient.invalidateQueries({ queryKey: reportScheduleKeys.all })
      addToast({
        variant: 'success',
        title: t('reports.toast.scheduled'),
        message: t('reports.toast.scheduledMessage', { name: schedule.name }),
        timeout: 5000,
      })
      form.reset(DEFAULTS)
      onClose()
    } catch (error) {
      setFormError(applyServerErrors(form, error))
    }
  })

  const weekdays = [1, 2, 3, 4, 5, 6, 7]
  const days = Array.from({ length: 28 }, (_, i) => i + 1)
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('reports.scheduleTitle')}
      size="lg"
      footer={
        <>
          <Button variant="classic" onClick={onClose}>
            {t('reports.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={create.isPending}>
            {t('reports.schedule')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
        <p className="text-sm text-slate-600">{t('reports.intro')}</p>
        <TextField
          label={t('reports.name')}
          hint={t('reports.nameHint')}
          maxLength={80}
          {...form.register('name')}
          error={errors.name?.message}
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectField
            label={t('reports.frequency')}
            {...form.register('frequency')}
            error={errors.frequency?.message}
          >
            {REPORT_FREQUENCIES.map((f) => (
              <option key={f} value={f}>
                {t(`reports.frequencies.${f}`)}
              </option>
            ))}
          </SelectField>
          {frequency === 'weekly' && (
            <SelectField
              label={t('reports.weekday')}
              {...form.register('weekday')}
              error={errors.weekday?.message}
            >
              {weekdays.map((d) => (
                <option key={d} value={String(d)}>
                  {t(`reports.weekdays.${String(d)}`)}
                </option>
              ))}
            </SelectField>
          )}
          {frequency === 'monthly' && (
            <SelectField
              label={t('reports.monthDay')}
              {...form.register('month_day')}
              error={errors.month_day?.message}
            >
              {days.map((d) => (
                <option key={d} value={String(d)}>
                  {String(d)}
                </option>
              ))}
            </SelectField>
          )}
          <TextField
            label={t('reports.time')}
            type="time"
            hint={t('reports.timeHint')}
            {...form.register('time')}
            error={errors.time?.message}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label={t('reports.format')}
            {...form.register('format')}
            error={errors.format?.message}
          >
            {exportFormats.entries.map((f) => (
              <option key={f.value} value={f.value}>
                {t(`exports.formats.${f.value}`)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('reports.delivery')}
            {...form.register('delivery')}
            error={errors.delivery?.message}
          >
            <option value="email">{t('reports.deliveries.email')}</option>
            <option value="webhook" disabled={!webhooks.data || webhooks.data.length === 0}>
              {t('reports.deliveries.webhook')}
            </option>
          </SelectField>
        </div>
        {delivery === 'webhook' && webhooks.data && (
          <SelectField
            label={t('reports.webhook')}
            {...form.register('webhook_id')}
            error={errors.webhook_id ? t('reports.chooseWebhook') : undefined}
          >
            <option value="">{t('reports.chooseWebhook')}</option>
            {webhooks.data.map((w) => (
              <option key={w.id} value={String(w.id)}>
                {w.url}
              </option>
            ))}
          </SelectField>
        )}
        <p className="text-xs text-slate-500">
          {t('reports.whereListed')}{' '}
          <Link to="/machines/export-history" className="font-medium text-brand-700 hover:underline">
            {t('reports.exportHistory')}
          </Link>
        </p>
        <FormError message={formError} />
      </form>
    </Modal>
  )
}
