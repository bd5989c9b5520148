import { PageHeader } from '@/components/page/page-header'

/** Placeholder until the step-5 helper builds this screen. */
export function DriverPage() {
  return <PageHeader title="DriverPage" />
}
