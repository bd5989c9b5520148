import { PageHeader } from '@/components/page/page-header'

/** Placeholder until the step-5 helper builds this screen. */
export function VoltnetCpoSessionsPage() {
  return <PageHeader title="VoltnetCpoSessionsPage" />
}

/** Placeholder until the step-5 helper builds this screen. */
export function VoltnetEmspSessionsPage() {
  return <PageHeader title="VoltnetEmspSessionsPage" />
}
