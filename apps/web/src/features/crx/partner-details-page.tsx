import { PageHeader } from '@/components/page/page-header'

/** Placeholder until the step-6 helper builds this screen. */
export function CpoDetailsPage() {
  return <PageHeader title="CpoDetailsPage" />
}

/** Placeholder until the step-6 helper builds this screen. */
export function FoDetailsPage() {
  return <PageHeader title="FoDetailsPage" />
}
