import { MachineStatus, PaymentMethod, VmcType, OPENING_DAYS } from '@portal/contract'
import type { Db } from '../db/database'
import type { NewMachineItemRow, NewMachineRow } from '../modules/iot/machines/machine.table'
import type { Random } from './random'

const DAY_MS = 86_400_000

// Singapore places where an operator would put snack and drink machines, with their postal districts.
const PLACES: readonly (readonly [string, string, string])[] = [
  ['Raffles Place MRT Exit B', '04', 'Raffles Place'],
  ['One Raffles Quay North Tower L1', '04', 'ORQ'],
  ['Marina Bay Financial Centre T2', '01', 'MBFC'],
  ['Suntec City Tower 3 Lobby', '03', 'Suntec'],
  ['NUS Central Library L2', '11', 'NUS CLB'],
  ['NUS Engineering E4 Foyer', '11', 'NUS E4'],
  ['NTU North Spine L1', '63', 'NTU North Spine'],
  ['SMU School of Business B1', '17', 'SMU LKCSB'],
  ['Singapore General Hospital Blk 4', '16', 'SGH Blk 4'],
  ['Tan Tock Seng Hospital Atrium', '30', 'TTSH'],
  ['Changi General Hospital Lobby', '52', 'CGH'],
  ['Changi Business Park Blk 6', '48', 'CBP'],
  ['Changi Airport T3 Staff Canteen', '81', 'Changi T3'],
  ['Jurong Point L3', '64', 'Jurong Point'],
  ['JTC Summit Lobby', '60', 'JTC Summit'],
  ['Tampines Hub Sports Hall', '52', 'Tampines Hub'],
  ['Our Tampines Hub L4', '52', 'OTH'],
  ['Bedok Interchange Concourse', '46', 'Bedok Int'],
  ['Woodlands Civic Centre', '73', 'Woodlands Civic'],
  ['Yishun Safra Gym', '76', 'Safra Yishun'],
  ['Ang Mo Kio Hub B2', '56', 'AMK Hub'],
  ['Toa Payoh HDB Hub', '31', 'HDB Hub'],
  ['Bishan Sports Hall', '57', 'Bishan Sports'],
  ['Punggol Waterway Point L1', '82', 'Waterway Point'],
  ['Sengkang General Hospital', '54', 'SKH'],
  ['Paya Lebar Quarter Office Lobby', '40', 'PLQ'],
  ['Mapletree Business City II', '11', 'MBC II'],
  ['Fusionopolis One L2', '13', 'Fusionopolis'],
  ['Biopolis Matrix Lobby', '13', 'Biopolis'],
  ['Queenstown Polyclinic', '14', 'Queenstown Poly'],
  ['Clementi Mall Bus Interchange', '12', 'Clementi Int'],
  ['Kallang Wave Mall', '39', 'Kallang Wave'],
  ['Sports Hub Stadium Gate 5', '39', 'Sports Hub'],
  ['Harbourfront Centre Ferry Terminal', '09', 'Harbourfront'],
  ['Sentosa Beach Station', '09', 'Sentosa'],
  ['Republic Polytechnic W6', '73', 'RP W6'],
  ['Temasek Polytechnic Blk 1A', '52', 'TP 1A'],
  ['Ngee Ann Polytechnic Blk 53', '59', 'NP Blk 53'],
  ['Singapore Polytechnic Food Court 5', '13', 'SP FC5'],
  ['Bukit Batok Driving Centre', '65', 'BBDC'],
]

const KINDS = ['Coffee', 'Snacks', 'Drinks', 'Combo', 'Healthy', 'Noodles', 'Ice Cream'] as const
const MODELS = [
  'TCN-D720-10G',
  'TCN-CSC-8C',
  'Fuji FVM-3500',
  'Adimac SnackMax 2',
  'Sanden Vendo G-Snack',
  'Jofemar Vision ES',
] as const
const SERIAL_PREFIX: Record<string, string> = {
  'TCN-D720-10G': 'TCN',
  'TCN-CSC-8C': 'TCN',
  'Fuji FVM-3500': 'FJ',
  'Adimac SnackMax 2': 'ADM',
  'Sanden Vendo G-Snack': 'SDV',
  'Jofemar Vision ES': 'JFM',
}
const VMC_BY_MODEL: Record<string, number> = {
  'TCN-D720-10G': VmcType.Tcn,
  'TCN-CSC-8C': VmcType.Tcn,
  'Fuji FVM-3500': VmcType.Fuji,
  'Adimac SnackMax 2': VmcType.Adimac,
  'Sanden Vendo G-Snack': VmcType.Sanden,
  'Jofemar Vision ES': VmcType.Jofemar,
}

const PRODUCTS: readonly (readonly [string, string, number])[] = [
  ['Coca-Cola 320ml', 'Classic Coke, chilled can', 180],
  ['Coke Zero 320ml', 'No sugar, chilled can', 180],
  ['100PLUS 325ml', 'Isotonic drink', 180],
  ['Pokka Green Tea 500ml', 'Jasmine green tea, less sugar', 220],
  ['Milo 240ml', 'Chocolate malt, ready to drink', 170],
  ['Yeo’s Chrysanthemum 300ml', 'Herbal tea', 160],
  ['Dasani Water 600ml', 'Still water', 150],
  ['Red Bull 250ml', 'Energy drink', 290],
  ['Nescafé Latte 240ml', 'Iced coffee', 230],
  ['Pringles Original 110g', 'Potato crisps', 390],
  ['Lay’s Classic 56g', 'Potato chips', 250],
  ['Kit Kat 4 Finger', 'Milk chocolate wafer', 200],
  ['Oreo Mini 20g', 'Cookies', 150],
  ['Mamee Monster 25g', 'Snack noodles', 100],
  ['Nissin Cup Noodles Seafood', 'Instant noodles', 280],
  ['Gardenia Kaya Bun', 'Soft bun with kaya', 190],
  ['Meiji Yogurt Drink 180ml', 'Chilled yogurt drink', 240],
  ['Magnum Classic', 'Ice cream bar', 450],
  ['Nature Valley Oats & Honey', 'Granola bar', 220],
  ['Hup Seng Cream Crackers', 'Crackers', 120],
]

const PAYMENT_OPTIONS = [
  PaymentMethod.CreditCard,
  PaymentMethod.PayNow,
  PaymentMethod.Cepas,
  PaymentMethod.NetsQr,
  PaymentMethod.Alipay,
  PaymentMethod.WeChatPay,
  PaymentMethod.Grab,
  PaymentMethod.ShopeePay,
  PaymentMethod.ExternalCash,
] as const

const STATUS_WEIGHTS: readonly (readonly [number, number])[] = [
  [MachineStatus.Ready, 70],
  [MachineStatus.Warning, 7],
  [MachineStatus.Busy, 5],
  [MachineStatus.Error, 7],
  [MachineStatus.Offline, 6],
  [MachineStatus.Updating, 2],
  [MachineStatus.Uninitialized, 1],
  [MachineStatus.Inactive, 2],
]

const ERROR_MESSAGES = {
  core: ['Core service restarted 3 times in 10 minutes', 'Cannot reach the order service'],
  machine: ['Motor jam on slot 14', 'Door sensor open', 'Temperature above 12°C'],
  payment: ['Payment terminal not responding', 'Settlement failed: host timeout'],
  reader: ['Card reader not detected on USB', 'Reader firmware mismatch', 'NFC antenna fault'],
} as const

function serviceEntry(status: number, okMessage: string, errors: readonly string[], rng: Random) {
  if (status === MachineStatus.Error) return { status: 'Error', message: rng.pick(errors) }
  if (status === MachineStatus.Warning) return { status: 'Warning', message: 'Degraded: retrying' }
  if (status === MachineStatus.Offline) return { status: 'Offline', message: 'No heartbeat' }
  return { status: 'Ready', message: okMessage }
}

function openingHours(rng: Random) {
  const allDay = rng.chance(0.55)
  const hours = Object.fromEntries(
    OPENING_DAYS.filter((day) => day !== 'public_holiday').map((day) => {
      if (allDay) return [day, { closed: false, open: '00:00', close: '23:59' }]
      const weekend = day === 'saturday' || day === 'sunday'
      if (weekend && rng.chance(0.4)) return [day, { closed: true, open: '00:00', close: '23:59' }]
      return [day, { closed: false, open: weekend ? '09:00' : '07:00', close: weekend ? '18:00' : '22:00' }]
    }),
  )
  // A public holiday keeps Sunday's hours, drawn without another random number so the rest of the data is unchanged.
  return { ...hours, public_holiday: hours.sunday }
}

export interface MachineSeed {
  machine: NewMachineRow
  setIds: number[]
  items: Omit<NewMachineItemRow, 'machine_id'>[]
}

/** One deterministic machine: status, services, settings and slots that agree with each other. */
export function generateMachine(
  rng: Random,
  entityCode: string,
  n: number,
  now: number,
  regionSets: readonly { id: number; district: readonly string[] }[],
  clientSets: readonly { id: number; match: string }[],
  withItems: boolean,
): MachineSeed {
  const [place, district, short] = rng.pick(PLACES)
  const kind = rng.pick(KINDS)
  const drawn = rng.pick(MODELS)
  // VEND's first machine is TCN-2102-000001, the machine API's documented demo machine (issue 15); drawn all the
  // same, so that no other value changes.
  const model = entityCode === 'VEND' && n === 1 ? 'TCN-D720-10G' : drawn
  const overall = rng.weighted(STATUS_WEIGHTS)
  const isActive = overall !== MachineStatus.Inactive
  // When the machine is in error, one of its services says why; readers also fail on their own now and then.
  const failing =
    overall === MachineStatus.Error ? rng.pick(['core', 'machine', 'payment', 'reader'] as const) : null
  const serviceStatus = (svc: 'core' | 'machine' | 'payment' | 'reader') =>
    failing === svc
      ? MachineStatus.Error
      : overall === MachineStatus.Offline
        ? MachineStatus.Offline
        : overall === MachineStatus.Warning && rng.chance(0.3)
          ? MachineStatus.Warning
          : MachineStatus.Ready
  const core = serviceStatus('core')
  const machineSvc = serviceStatus('machine')
  const payment = serviceStatus('payment')
  const reader =
    failing === 'reader' || (overall === MachineStatus.Ready && rng.chance(0.02))
      ? MachineStatus.Error
      : serviceStatus('reader')
  const readerCount = rng.int(1, 2)
  const slots = rng.pick([24, 30, 36, 40, 48, 60])
  const items: MachineSeed['items'] = []
  let stock = 0
  let capacity = 0
  for (let slot = 1; slot <= slots; slot++) {
    const slotCapacity = rng.pick([6, 8, 10, 12])
    const slotStock = overall === MachineStatus.Inactive ? 0 : rng.int(0, slotCapacity)
    stock += slotStock
    capacity += slotCapacity
    if (!withItems) continue
    const [name, description, price] = rng.pick(PRODUCTS)
    const sold = rng.int(0, 900)
    items.push({
      entity_code: entityCode,
      slot_no: slot,
      name,
      description,
      price,
      stock: slotStock,
      capacity: slotCapacity,
      total_revenue: sold * price,
      total_sold: sold,
      is_enabled: rng.chance(0.96) ? 1 : 0,
      is_active: 1,
      sku_id: PRODUCTS.findIndex((p) => p[0] === name) + 1,
      image_url: null,
    })
  }
  const created = now - rng.int(120, 1400) * DAY_MS
  const lastActivity =
    overall === MachineStatus.Offline ? now - rng.int(2, 72) * 3_600_000 : now - rng.int(0, 3_600) * 1000
  const region = regionSets.find((s) => s.district.includes(district))
  const client = clientSets.find((s) => place.includes(s.match))
  const vmcType = VMC_BY_MODEL[model] ?? VmcType.MdbLevel3
  const vmcPort = rng.pick(['/dev/ttyS1', '/dev/ttyUSB0', '/dev/ttyS3'])
  const postal = `${district}${String(rng.int(0, 9999)).padStart(4, '0')}`
  const machine: NewMachineRow = {
    entity_code: entityCode,
    username: `${entityCode.toLowerCase()}-vm-${String(n).padStart(6, '0')}`,
    serial_number: `${SERIAL_PREFIX[model] ?? 'VM'}-${String(2101 + (n % 48)).padStart(4, '0')}-${String(n).padStart(6, '0')}`,
    alias: `${short} ${kind} ${String((n % 17) + 1).padStart(2, '0')}`,
    location: place,
    postal_code: postal,
    overall_status: overall,
    core_service_status: core,
    machine_service_status: machineSvc,
    payment_service_status: payment,
    reader_manager_status: reader,
    model_number: model,
    last_activity_time: isActive ? lastActivity : now - rng.int(30, 200) * DAY_MS,
    last_maintenance_time: now - rng.int(0, 30 * 24) * 3_600_000,
    vmc_type: vmcType,
    vmc_port: vmcPort,
    payment_selections: JSON.stringify(rng.sample(PAYMENT_OPTIONS, rng.int(2, 6)).sort((a, b) => a - b)),
    is_active: isActive ? 1 : 0,
    capacity,
    stock,
    tags: JSON.stringify(
      rng.sample(['indoor', 'outdoor', 'chilled', 'cashless-only', 'high-traffic', '24h'], rng.int(0, 3)),
    ),
    general_settings: JSON.stringify({
      opening_hours: openingHours(rng),
      model_number: model,
      pinpad_backend: rng.pick(['nets-upos', 'adyen-terminal', 'stripe-terminal']),
      pinpad_frontend: rng.pick(['beep-pay-ui', 'kiosk-lite']),
      pinpad_port: rng.pick(['/dev/ttyUSB1', '/dev/ttyACM0']),
      vmc: vmcType,
      vmc_port: vmcPort,
      mdb_channel: rng.int(0, 3),
      serial_type: rng.pick(['RS232', 'USB-Serial']),
      cp_timeout: rng.pick([30, 45, 60]),
      vend_session_timeout: rng.pick([60, 90, 120]),
      vend_request_timeout: rng.pick([20, 30]),
      price_scale_factor: 1,
      price_decimal_places: 2,
      payment_denominations: '0.10,0.20,0.50,1.00,2.00,5.00,10.00',
    }),
    service_statuses: JSON.stringify({
      core_service: serviceEntry(core, 'Running', ERROR_MESSAGES.core, rng),
      machine_service: serviceEntry(machineSvc, 'VMC connected', ERROR_MESSAGES.machine, rng),
      payment_service: serviceEntry(payment, 'Terminal ready', ERROR_MESSAGES.payment, rng),
      reader_manager: Array.from({ length: readerCount }, (_, i) => ({
        reader_id: i + 1,
        ...serviceEntry(i === 0 ? reader : MachineStatus.Ready, 'Reader online', ERROR_MESSAGES.reader, rng),
      })),
    }),
    currency_code: 'SGD',
    created_at: created,
    updated_at: Math.max(created, now - rng.int(0, 20) * DAY_MS),
  }
  return { machine, setIds: [region?.id, client?.id].filter((id): id is number => id !== undefined), items }
}

const REGIONS: readonly (readonly [string, string, readonly string[]])[] = [
  [
    'central',
    'Central Region',
    ['01', '03', '04', '09', '11', '12', '13', '14', '16', '17', '30', '31', '39'],
  ],
  ['east', 'East Region', ['40', '46', '48', '52', '81']],
  ['north', 'North Region', ['73', '76']],
  ['north-east', 'North-East Region', ['54', '56', '57', '82']],
  ['west', 'West Region', ['59', '60', '63', '64', '65']],
]

const CLIENTS: readonly (readonly [string, string, string])[] = [
  ['nus-campus', 'NUS Campus', 'NUS'],
  ['hospitals-sgh', 'SingHealth Hospitals', 'Hospital'],
  ['polytechnics', 'Polytechnics', 'Polytechnic'],
]

/** Region sets (with the CBD as a child of Central) and client sets of an entity. */
export async function seedSets(db: Db, entityCode: string, now: number) {
  const regionSets: { id: number; district: readonly string[] }[] = []
  for (const [code, name, district] of REGIONS) {
    const row = await db
      .insertInto('resource_set')
      .values({ entity_code: entityCode, code, name, parent_id: null, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
    regionSets.push({ id: row.id, district })
  }
  const central = regionSets[0]
  await db
    .insertInto('resource_set')
    .values({
      entity_code: entityCode,
      code: 'cbd',
      name: 'CBD',
      parent_id: central?.id ?? null,
      created_at: now,
    })
    .execute()
  const clientSets: { id: number; match: string }[] = []
  for (const [code, name, match] of CLIENTS) {
    const row = await db
      .insertInto('resource_set')
      .values({ entity_code: entityCode, code, name, parent_id: null, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
    clientSets.push({ id: row.id, match })
  }
  return { regionSets, clientSets }
}

const BATCH = 400

/** Inserts `count` machines (and their slots when withItems) in batches inside one transaction. */
export async function seedMachines(
  db: Db,
  rng: Random,
  entityCode: string,
  count: number,
  now: number,
  withItems: boolean,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { regionSets, clientSets } = await seedSets(trx, entityCode, now)
    for (let start = 0; start < count; start += BATCH) {
      const batch = Array.from({ length: Math.min(BATCH, count - start) }, (_, i) =>
        generateMachine(rng, entityCode, start + i + 1, now, regionSets, clientSets, withItems),
      )
      const ids = await trx
        .insertInto('machine')
        .values(batch.map((b) => b.machine))
        .returning('id')
        .execute()
      const links = batch.flatMap((b, i) =>
        b.setIds.map((setId) => ({ machine_id: ids[i]?.id ?? 0, set_id: setId })),
      )
      if (links.length) await trx.insertInto('machine_set').values(links).execute()
      const items = batch.flatMap((b, i) => b.items.map((item) => ({ ...item, machine_id: ids[i]?.id ?? 0 })))
      for (let j = 0; j < items.length; j += 2000) {
        await trx
          .insertInto('machine_item')
          .values(items.slice(j, j + 2000))
          .execute()
      }
    }
  })
}
