import type { Generated } from 'kysely'

// Row types of the test programme tables (migration 20261124-0032-reporting; docs/decisions/0029-test-programmes.md).
// Times are epoch ms; booleans 0/1; JSON columns are text parsed in the repository.

export interface TestGroupTable {
  id: Generated<number>
  entity_code: string
  uuid: string
  /** 'covid' | 'medicord' (contract Programme). */
  programme: string
  name: string
  site_ref: string
  period_days: number
  tests_per_period: number
  due_days: number
  /** JSON AuthGroupConfig, as stored (the fallback of A §5 is applied when read). */
  auth_config: string
  created_at: number
  updated_at: number
}

export interface TestPersonTable {
  id: Generated<number>
  entity_code: string
  uuid: string
  group_id: number
  full_name: string
  dial_code: string
  mobile_number: string
  national_id_last_four: string
  nationality: string
  exempted: number
  created_at: number
  updated_at: number
}

export interface TestInstanceTable {
  id: Generated<number>
  entity_code: string
  uuid: string
  group_id: number
  person_id: number
  test_kit_provider: string
  test_kit_lot_no: string | null
  test_kit_id: string | null
  test_id: string | null
  /** JSON: the credentials given other than testID. */
  credentials: string
  result: string
  site_ref: string
  reporter_name: string
  reporter_user_id: number | null
  image_url: string | null
  submitted_at: number
  time_result_recorded: number
  created_at: number
}

// The tables join the one Database interface by module augmentation, so this area adds them without editing
// db/database.ts, which every area shares.
declare module '../../db/database' {
  interface Database {
    test_group: TestGroupTable
    test_person: TestPersonTable
    test_instance: TestInstanceTable
  }
}
