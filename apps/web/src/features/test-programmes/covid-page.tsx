import { PageHeader } from '@/components/page/page-header'

/** Placeholder until the step-6 helper builds this screen. */
export function CovidPage() {
  return <PageHeader title="CovidPage" />
}
