import type { ModalSize } from '@portal/contract'
import {
  BREAKPOINTS,
  BUTTON_DEFAULT_TYPE,
  BUTTON_SIZES,
  BUTTON_VARIANTS,
  environments,
  INITIALS_LETTERS,
  LOADER_VARIANTS,
  MODAL_DEFAULT_SIZE,
  MODAL_SIZES,
  TOAST_DEFAULT_TIMEOUT_MS,
  TOOLTIP_DEFAULTS,
  TOOLTIP_HIDE_DELAY_MS,
} from '@portal/contract'
import type { ReactNode } from 'react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Placement } from '@/components/ui/popover/place'
import { PageHeader } from '@/components/page/page-header'
import { Badge, BADGE_TONES } from '@/components/ui/badge/badge'
import { Button } from '@/components/ui/button/button'
import { Checkbox } from '@/components/ui/checkbox/checkbox'
import { DEFAULT_IMAGE_SIZES, DefaultImage } from '@/components/ui/default-image/default-image'
import { EmptyState } from '@/components/ui/empty-state/empty-state'
import { Loader, LOADER_SIZES } from '@/components/ui/loader/loader'
import { Modal } from '@/components/ui/modal/modal'
import { TextField } from '@/components/ui/text-field/text-field'
import { TOAST_VARIANTS, useToast } from '@/components/ui/toast/toast'
import { Tooltip } from '@/components/ui/tooltip/tooltip'

const SECTIONS = [
  'buttons',
  'loaders',
  'images',
  'modals',
  'toasts',
  'tooltips',
  'badges',
  'fields',
  'constants',
] as const
type SectionId = (typeof SECTIONS)[number]

/** The twelve placements laid out around a centre, as they appear around their trigger (null: an empty cell). */
const PLACEMENT_GRID: readonly (Placement | null)[] = [
  'top-start',
  'top',
  'top-end',
  'left-start',
  null,
  'right-start',
  'left',
  null,
  'right',
  'left-end',
  null,
  'right-end',
  'bottom-start',
  'bottom',
  'bottom-end',
]

const NAMES = [
  'Samuel Teo',
  'Medicord',
  'Kopi & Snacks Vending Pte Ltd',
  'hui min chua',
  'Ω Omega labs',
] as const

/**
 * /components: the shared widgets of A §2 and the interface constants of A §9, rendered by the real components of
 * components/ui (never copies), so the page is a reference for the team and a target for visual checks.
 */
export function ComponentsPage() {
  const { t } = useTranslation()
  return (
    <>
      <PageHeader title={t('gallery.title')} description={t('gallery.subtitle')} />
      <nav aria-label={t('gallery.contents')} className="mb-6 flex flex-wrap gap-x-4 gap-y-2 text-sm">
        {SECTIONS.map((id) => (
          <a key={id} href={`#${id}`} className="font-medium text-brand-700 hover:underline">
            {t(`gallery.section.${id}`)}
          </a>
        ))}
      </nav>
      <div className="space-y-6">
        <ButtonsSection />
        <LoadersSection />
        <ImagesSection />
        <ModalsSection />
        <ToastsSection />
        <TooltipsSection />
        <BadgesSection />
        <FieldsSection />
        <ConstantsSection />
      </div>
    </>
  )
}

function Section({ id, children, note }: { id: SectionId; children: ReactNode; note?: ReactNode }) {
  const { t } = useTranslation()
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className="scroll-mt-20 rounded-lg border border-slate-200 bg-white shadow-xs"
    >
      <header className="border-b border-slate-200 px-5 py-3">
        <h2 id={`${id}-heading`} className="text-base font-semibold text-slate-900">
          {t(`gallery.section.${id}`)}
        </h2>
        <p className="mt-0.5 text-sm text-slate-500">{note ?? t(`gallery.note.${id}`)}</p>
      </header>
      <div className="space-y-6 p-5">{children}</div>
    </section>
  )
}

function Label({ children }: { children: ReactNode }) {
  return <h3 className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">{children}</h3>
}

function Code({ children }: { children: ReactNode }) {
  return (
    <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-700">{children}</code>
  )
}

function ButtonsSection() {
  const { t } = useTranslation()
  return (
    <Section id="buttons">
      <div className="overflow-x-auto">
        <table className="w-full min-w-[36rem] text-sm" aria-label={t('gallery.buttons.variants')}>
          <thead>
            <tr className="border-b border-slate-200 text-left text-xs font-semibold text-slate-500">
              <th scope="col" className="py-2 pr-4 font-semibold">
                {t('gallery.buttons.variant')}
              </th>
              <th scope="col" className="py-2 pr-4 font-semibold">
                {t('gallery.buttons.enabled')}
              </th>
              <th scope="col" className="py-2 pr-4 font-semibold">
                {t('gallery.buttons.disabled')}
              </th>
              <th scope="col" className="py-2 pr-4 font-semibold">
                {t('gallery.buttons.withTooltip')}
              </th>
            </tr>
          </thead>
          <tbody>
            {BUTTON_VARIANTS.map((variant) => (
              <tr key={variant} className="border-b border-slate-100 last:border-b-0">
                <th scope="row" className="py-2 pr-4 text-left font-normal">
                  <Code>{variant}</Code>
                </th>
                <td className="py-2 pr-4">
                  <Button variant={variant} data-testid={`button-${variant}`}>
                    {t('gallery.buttons.save')}
                  </Button>
                </td>
                <td className="py-2 pr-4">
                  <Button variant={variant} disabled>
                    {t('gallery.buttons.save')}
                  </Button>
                </td>
                <td className="py-2 pr-4">
                  <Button variant={variant} tooltip={t('gallery.buttons.tooltip', { variant })}>
                    {t('gallery.buttons.hoverMe')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div>
        <Label>{t('gallery.buttons.sizes')}</Label>
        <div className="flex flex-wrap items-end gap-3">
          {BUTTON_SIZES.map((size) => (
            <Button key={size} size={size}>
              {size}
            </Button>
          ))}
        </div>
      </div>
      <div>
        <Label>{t('gallery.buttons.states')}</Label>
        <div className="flex flex-wrap items-center gap-3">
          <Button loading>{t('gallery.buttons.saving')}</Button>
          <Button variant="classic" disabled tooltip={t('gallery.buttons.disabledWhy')}>
            {t('gallery.buttons.disabledWithTooltip')}
          </Button>
          <Button type="submit" variant="secondary">
            {t('gallery.buttons.submit')}
          </Button>
        </div>
        <p className="mt-2 text-sm text-slate-500">
          {t('gallery.buttons.defaultType')} <Code>{BUTTON_DEFAULT_TYPE}</Code>
        </p>
      </div>
    </Section>
  )
}

function LoadersSection() {
  const { t } = useTranslation()
  return (
    <Section id="loaders">
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
        {LOADER_VARIANTS.map((variant) => (
          <div key={variant} className="rounded-md border border-slate-100 p-4">
            <Loader variant={variant} message={t('gallery.loaders.message', { variant })} />
          </div>
        ))}
      </div>
      <div>
        <Label>{t('gallery.loaders.sizes')}</Label>
        <div className="flex flex-wrap items-end gap-8">
          {LOADER_SIZES.map((size) => (
            <div key={size} className="flex flex-col items-center gap-2 text-xs text-slate-500">
              <Loader size={size} />
              <Code>{size}</Code>
            </div>
          ))}
        </div>
      </div>
    </Section>
  )
}

function ImagesSection() {
  const { t } = useTranslation()
  return (
    <Section id="images" note={t('gallery.note.images', { letters: INITIALS_LETTERS })}>
      <ul className="flex flex-wrap gap-6">
        {NAMES.map((name) => (
          <li key={name} className="flex w-32 flex-col items-center gap-2 text-center text-xs text-slate-600">
            <DefaultImage name={name} size="lg" />
            <span>{name}</span>
          </li>
        ))}
        <li className="flex w-32 flex-col items-center gap-2 text-center text-xs text-slate-600">
          <DefaultImage name={null} size="lg" />
          <span>{t('gallery.images.noName')}</span>
        </li>
        <li className="flex w-32 flex-col items-center gap-2 text-center text-xs text-slate-600">
          <DefaultImage name="Broken Link" src="/uploads/missing-picture.png" size="lg" />
          <span>{t('gallery.images.broken')}</span>
        </li>
        <li className="flex w-32 flex-col items-center gap-2 text-center text-xs text-slate-600">
          <DefaultImage name="SparkGrid Charging" shape="square" size="lg" />
          <span>{t('gallery.images.square')}</span>
        </li>
      </ul>
      <div>
        <Label>{t('gallery.images.sizes')}</Label>
        <div className="space-y-4">
          {[t('gallery.images.initials'), null].map((name) => (
            <div key={name ?? 'empty'} className="flex flex-wrap items-end gap-4">
              {DEFAULT_IMAGE_SIZES.map((size) => (
                <div key={size} className="flex flex-col items-center gap-2 text-xs text-slate-500">
                  <DefaultImage name={name} size={size} />
                  <Code>{size}</Code>
                </div>
              ))}
            </div>
          ))}
        </div>
      </div>
    </Section>
  )
}

function ModalsSection() {
  const { t } = useTranslation()
  const [open, setOpen] = useState<ModalSize | null>(null)
  const [escape, setEscape] = useState(true)
  const [outside, setOutside] = useState(true)
  const [closeButton, setCloseButton] = useState(true)
  const [closedBy, setClosedBy] = useState<string | null>(null)
  return (
    <Section id="modals" note={t('gallery.note.modals', { size: MODAL_DEFAULT_SIZE })}>
      <fieldset>
        <legend className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          {t('gallery.modals.closeOptions')}
        </legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          <Checkbox
            label={t('gallery.modals.escape')}
            checked={escape}
            onChange={(e) => setEscape(e.target.checked)}
          />
          <Checkbox
            label={t('gallery.modals.outside')}
            checked={outside}
            onChange={(e) => setOutside(e.target.checked)}
          />
          <Checkbox
            label={t('gallery.modals.closeButton')}
            checked={closeButton}
            onChange={(e) => setCloseButton(e.target.checked)}
          />
        </div>
      </fieldset>
      <div>
        <Label>{t('gallery.modals.sizes')}</Label>
        <div className="flex flex-wrap gap-2">
          {MODAL_SIZES.map((size) => (
            <Button key={size} variant="classic" onClick={() => setOpen(size)}>
              {t('gallery.modals.open', { size })}
            </Button>
          ))}
        </div>
        <p className="mt-2 text-sm text-slate-500" role="status">
          {closedBy ? t('gallery.modals.closed', { size: closedBy }) : t('gallery.modals.noneClosed')}
        </p>
      </div>
      {open && (
        <Modal
          open
          size={open}
          title={t('gallery.modals.title', { size: open })}
          closeOnEscape={escape}
          closeOnOutsideClick={outside}
          showCloseButton={closeButton}
          onClose={() => {
            setClosedBy(open)
            setOpen(null)
          }}
          footer={
            <Button
              variant="classic"
              onClick={() => {
                setClosedBy(open)
                setOpen(null)
              }}
            >
              {t('gallery.modals.done')}
            </Button>
          }
        >
          <p>{t('gallery.modals.body')}</p>
        </Modal>
      )}
    </Section>
  )
}

function ToastsSection() {
  const { t } = useTranslation()
  const { addToast, removeToast } = useToast()
  return (
    <Section id="toasts" note={t('gallery.note.toasts', { seconds: TOAST_DEFAULT_TIMEOUT_MS / 1000 })}>
      <div className="flex flex-wrap gap-2">
        {TOAST_VARIANTS.map((variant) => (
          <Button
            key={variant}
            variant="classic"
            onClick={() =>
              addToast({
                variant,
                title: t(`gallery.toasts.${variant}Title`),
                message: t('gallery.toasts.message'),
              })
            }
          >
            {t('gallery.toasts.show', { variant })}
          </Button>
        ))}
        <Button
          variant="primaryBasic"
          onClick={() =>
            addToast({
              variant: 'info',
              title: t('gallery.toasts.actionsTitle'),
              message: t('gallery.toasts.actionsMessage'),
              timeout: null,
              actions: [
                {
                  display: t('gallery.toasts.undo'),
                  callback: (id) => {
                    removeToast(id)
                    addToast({ variant: 'success', title: t('gallery.toasts.undone'), timeout: 3000 })
                  },
                },
                { display: t('gallery.toasts.view'), callback: (id) => removeToast(id) },
              ],
            })
          }
        >
          {t('gallery.toasts.withActions')}
        </Button>
        <Button
          variant="classic"
          onClick={() =>
            addToast({
              variant: 'warning',
              title: t('gallery.toasts.shortTitle'),
              message: t('gallery.toasts.shortMessage'),
              timeout: 5000,
              dismissable: false,
            })
          }
        >
          {t('gallery.toasts.short')}
        </Button>
      </div>
    </Section>
  )
}

function TooltipsSection() {
  const { t } = useTranslation()
  return (
    <Section
      id="tooltips"
      note={t('gallery.note.tooltips', {
        placement: TOOLTIP_DEFAULTS.placement,
        distance: TOOLTIP_DEFAULTS.distance,
        skid: TOOLTIP_DEFAULTS.skid,
        delay: TOOLTIP_HIDE_DELAY_MS,
      })}
    >
      <div className="mx-auto grid max-w-xl grid-cols-3 gap-2 sm:gap-3">
        {PLACEMENT_GRID.map((placement, i) =>
          placement === null ? (
            <span key={`gap-${String(i)}`} aria-hidden="true" />
          ) : (
            <Tooltip
              key={placement}
              placement={placement}
              content={t('gallery.tooltips.content', { placement })}
            >
              <button
                type="button"
                className="h-9 rounded-md border border-dashed border-slate-300 bg-slate-50 px-2 font-mono text-xs text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                {placement}
              </button>
            </Tooltip>
          ),
        )}
      </div>
    </Section>
  )
}

function BadgesSection() {
  return (
    <Section id="badges">
      <div className="flex flex-wrap gap-2">
        {BADGE_TONES.map((tone) => (
          <Badge key={tone} tone={tone}>
            {tone}
          </Badge>
        ))}
        {BADGE_TONES.map((tone) => (
          <Badge key={`dot-${tone}`} tone={tone} dot>
            {tone}
          </Badge>
        ))}
      </div>
    </Section>
  )
}

function FieldsSection() {
  const { t } = useTranslation()
  const [checked, setChecked] = useState(true)
  return (
    <Section id="fields">
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField label={t('gallery.fields.plain')} placeholder={t('gallery.fields.placeholder')} />
        <TextField label={t('gallery.fields.withHint')} hint={t('gallery.fields.hint')} />
        <TextField
          label={t('gallery.fields.withError')}
          defaultValue="91234"
          error={t('gallery.fields.error')}
        />
      </div>
      <div className="flex flex-wrap gap-6">
        <Checkbox
          label={t('gallery.fields.checkbox')}
          description={t('gallery.fields.checkboxDescription')}
          checked={checked}
          onChange={(e) => setChecked(e.target.checked)}
        />
        <Checkbox label={t('gallery.fields.indeterminate')} indeterminate readOnly />
        <Checkbox label={t('gallery.fields.disabled')} disabled />
      </div>
      <div className="rounded-md border border-dashed border-slate-300">
        <EmptyState
          title={t('gallery.fields.emptyTitle')}
          description={t('gallery.fields.emptyDescription')}
          action={
            <Button variant="classic" size="sm">
              {t('gallery.fields.emptyAction')}
            </Button>
          }
        />
      </div>
    </Section>
  )
}

function ConstantsSection() {
  const { t } = useTranslation()
  const rows: [string, ReactNode][] = [
    [t('gallery.constants.modalDefault'), <Code key="m">{MODAL_DEFAULT_SIZE}</Code>],
    [
      t('gallery.constants.tooltip'),
      <Code key="t">{`${TOOLTIP_DEFAULTS.placement} · ${String(TOOLTIP_DEFAULTS.distance)} · ${String(TOOLTIP_DEFAULTS.skid)}`}</Code>,
    ],
    [t('gallery.constants.initials'), <Code key="i">{INITIALS_LETTERS}</Code>],
    [t('gallery.constants.buttonVariants'), <Code key="bv">{BUTTON_VARIANTS.length}</Code>],
    [t('gallery.constants.buttonSizes'), <Code key="bs">{BUTTON_SIZES.join(', ')}</Code>],
    [t('gallery.constants.loaderVariants'), <Code key="lv">{LOADER_VARIANTS.join(', ')}</Code>],
    [
      t('gallery.constants.breakpoints'),
      <Code key="b">
        {Object.entries(BREAKPOINTS)
          .map(([name, px]) => `${name} ${String(px)}px`)
          .join(' · ')}
      </Code>,
    ],
    [t('gallery.constants.environments'), <Code key="e">{environments.values.join(', ')}</Code>],
  ]
  return (
    <Section id="constants">
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div
            key={label}
            className="flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-100 pb-2"
          >
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="text-sm">{value}</dd>
          </div>
        ))}
      </dl>
    </Section>
  )
}
