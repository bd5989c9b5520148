import type { Database, Db } from '../db/database'
import type { Cell } from './bulk-insert'
import { BulkInserter } from './bulk-insert'
import type { Random } from './random'
import { hashOcppPassword } from '../modules/ocpp/ocpp-password'
import { DEMO_PASSWORD } from './demo-accounts'
import { seededUuid } from './random'
import type { SeedContext } from './seed-context'

/*
 * The charging networks of the demo (docs/decisions/0020 and 0021): for SparkGrid (CPO, Singapore and Malaysia),
 * Voltnet (VOLT, roaming, SG and MY) and Busways (BUS, depots in Singapore) — locations → charge points → EVSEs →
 * connectors, with real-looking names, addresses, postal codes and coordinates, eMI3 EVSE ids, statuses,
 * capabilities, parking restrictions, and connectors of realistic standards and powers, each priced by one of the
 * entity's tariffs (AC connectors an `-AC-` tariff, DC connectors a `-DC-` one). The tariffs seed runs before this
 * one; the sessions seed (ev-sessions.ts) reads the connectors this one writes. Deterministic from `rng`.
 */

const MIN = 60_000

type Country = 'SG' | 'MY'
type SiteKind = 'mall' | 'hdb' | 'office' | 'condo' | 'hub' | 'hotel' | 'petrol' | 'depot'

interface Area {
  name: string
  city: string
  state: string
  /** The first digits of the area's postal codes (SG: 2-digit sector; MY: 2–3 digit prefix of a 5-digit code). */
  postal: string
  lat: number
  lng: number
  streets: readonly string[]
}

/** Singapore planning areas with the streets of their estates (coordinates: the area's centre, WGS84). */
const SG_AREAS: readonly Area[] = [
  sg('Ang Mo Kio', '56', 1.3691, 103.8454, ['Ang Mo Kio Ave 3', 'Ang Mo Kio Ave 10', 'Ang Mo Kio St 21']),
  sg('Bedok', '46', 1.3236, 103.9273, ['Bedok North Ave 1', 'Bedok Reservoir Rd', 'New Upper Changi Rd']),
  sg('Bishan', '57', 1.3508, 103.8485, ['Bishan St 13', 'Bishan St 22', 'Sin Ming Ave']),
  sg('Bukit Batok', '65', 1.3496, 103.7496, ['Bukit Batok West Ave 6', 'Bukit Batok St 21']),
  sg('Bukit Merah', '15', 1.2819, 103.8239, ['Jalan Bukit Merah', 'Telok Blangah Rd', 'Henderson Rd']),
  sg('Bukit Panjang', '67', 1.3774, 103.7719, ['Petir Rd', 'Bukit Panjang Ring Rd', 'Senja Rd']),
  sg('Bukit Timah', '58', 1.3294, 103.8021, ['Upper Bukit Timah Rd', 'Jalan Jurong Kechil']),
  sg('Choa Chu Kang', '68', 1.384, 103.747, ['Choa Chu Kang Ave 4', 'Choa Chu Kang North 6']),
  sg('Clementi', '12', 1.3162, 103.7649, ['Clementi Ave 3', 'West Coast Rd', 'Commonwealth Ave West']),
  sg('Geylang', '38', 1.3201, 103.8918, ['Sims Ave', 'Aljunied Rd', 'Geylang East Ave 1']),
  sg('Hougang', '53', 1.3612, 103.8863, ['Hougang Ave 8', 'Upper Serangoon Rd', 'Hougang St 91']),
  sg('Jurong East', '60', 1.3329, 103.7436, ['Jurong Gateway Rd', 'Jurong East St 13', 'Toh Guan Rd']),
  sg('Jurong West', '64', 1.3404, 103.709, ['Jurong West St 61', 'Boon Lay Way', 'Jurong West Ave 1']),
  sg('Kallang', '39', 1.31, 103.8651, ['Kallang Ave', 'Stadium Blvd', 'Boon Keng Rd']),
  sg('Marine Parade', '44', 1.302, 103.9072, ['Marine Parade Rd', 'East Coast Rd', 'Marine Cres']),
  sg('Pasir Ris', '51', 1.3721, 103.9474, ['Pasir Ris Dr 3', 'Pasir Ris Central', 'Elias Rd']),
  sg('Punggol', '82', 1.4043, 103.902, ['Punggol Field', 'Punggol Way', 'Sumang Walk']),
  sg('Queenstown', '14', 1.2942, 103.7861, ['Commonwealth Ave', 'Margaret Dr', 'Dawson Rd']),
  sg('Sembawang', '75', 1.4491, 103.8185, ['Sembawang Dr', 'Canberra Rd', 'Admiralty Link']),
  sg('Sengkang', '54', 1.3868, 103.8914, ['Compassvale Rd', 'Sengkang East Way', 'Anchorvale Rd']),
  sg('Serangoon', '55', 1.3554, 103.8679, ['Serangoon Central', 'Upper Serangoon Rd', 'Lorong Chuan']),
  sg('Tampines', '52', 1.3526, 103.9447, ['Tampines Ave 4', 'Tampines Central 1', 'Tampines St 81']),
  sg('Toa Payoh', '31', 1.3343, 103.8563, ['Lorong 6 Toa Payoh', 'Toa Payoh Central', 'Kim Keat Link']),
  sg('Woodlands', '73', 1.4382, 103.789, ['Woodlands Ave 6', 'Woodlands Square', 'Marsiling Dr']),
  sg('Yishun', '76', 1.4304, 103.8354, ['Yishun Ave 2', 'Yishun Central', 'Yishun Ring Rd']),
  sg('Marina Bay', '01', 1.28, 103.854, ['Marina Blvd', 'Raffles Quay', 'Bayfront Ave']),
  sg('Orchard', '23', 1.3048, 103.8318, ['Orchard Rd', 'Paterson Rd', 'Scotts Rd']),
  sg('Novena', '30', 1.3204, 103.8438, ['Thomson Rd', 'Irrawaddy Rd', 'Moulmein Rd']),
  sg('Changi', '48', 1.3404, 103.9769, ['Changi Business Park Central 1', 'Upper Changi Rd East']),
  sg('Tuas', '63', 1.3215, 103.649, ['Tuas South Ave 1', 'Pioneer Rd', 'Tuas Ave 11']),
  sg('Paya Lebar', '40', 1.318, 103.893, ['Paya Lebar Rd', 'Ubi Ave 1', 'Eunos Rd 8']),
  sg('one-north', '13', 1.2995, 103.7874, ['Fusionopolis Way', 'Biopolis Rd', 'Ayer Rajah Ave']),
  sg('Sentosa', '09', 1.2534, 103.8303, ['Sentosa Gateway', 'Siloso Rd', 'Artillery Ave']),
  sg('Seletar', '79', 1.41, 103.868, ['Seletar Aerospace Way', 'Seletar Rd']),
  sg('Tanglin', '24', 1.3058, 103.8157, ['Tanglin Rd', 'Holland Rd', 'Napier Rd']),
]

/** Peninsular Malaysia: cities and districts with their states and postal prefixes. */
const MY_AREAS: readonly Area[] = [
  my('Bukit Bintang', 'Kuala Lumpur', 'W.P. Kuala Lumpur', '551', 3.1466, 101.7113, [
    'Jalan Bukit Bintang',
    'Jalan Imbi',
    'Jalan Pudu',
  ]),
  my('KLCC', 'Kuala Lumpur', 'W.P. Kuala Lumpur', '504', 3.1579, 101.7123, ['Jalan Ampang', 'Jalan Binjai']),
  my('Bangsar', 'Kuala Lumpur', 'W.P. Kuala Lumpur', '594', 3.13, 101.67, [
    'Jalan Maarof',
    'Jalan Telawi',
    'Jalan Bangsar',
  ]),
  my('Mont Kiara', 'Kuala Lumpur', 'W.P. Kuala Lumpur', '504', 3.171, 101.65, [
    'Jalan Kiara',
    'Jalan Solaris',
  ]),
  my('Cheras', 'Kuala Lumpur', 'W.P. Kuala Lumpur', '560', 3.09, 101.74, ['Jalan Cheras', 'Jalan Manis']),
  my('Kepong', 'Kuala Lumpur', 'W.P. Kuala Lumpur', '521', 3.215, 101.635, [
    'Jalan Kepong',
    'Jalan Metro Prima',
  ]),
  my('Petaling Jaya', 'Petaling Jaya', 'Selangor', '474', 3.1073, 101.6067, [
    'Jalan SS 2/24',
    'Jalan Universiti',
    'Persiaran Tropicana',
  ]),
  my('Subang Jaya', 'Subang Jaya', 'Selangor', '475', 3.045, 101.581, [
    'Jalan SS 15/4',
    'Persiaran Kewajipan',
  ]),
  my('Shah Alam', 'Shah Alam', 'Selangor', '400', 3.0738, 101.5183, [
    'Persiaran Perbandaran',
    'Jalan Plumbum',
  ]),
  my('Cyberjaya', 'Cyberjaya', 'Selangor', '630', 2.9213, 101.6559, [
    'Persiaran Multimedia',
    'Jalan Teknokrat 3',
  ]),
  my('Putrajaya', 'Putrajaya', 'W.P. Putrajaya', '626', 2.9264, 101.6964, [
    'Persiaran Perdana',
    'Jalan P5/2',
  ]),
  my('Johor Bahru', 'Johor Bahru', 'Johor', '802', 1.4927, 103.7414, [
    'Jalan Wong Ah Fook',
    'Jalan Tebrau',
    'Jalan Skudai',
  ]),
  my('Iskandar Puteri', 'Iskandar Puteri', 'Johor', '795', 1.425, 103.635, [
    'Persiaran Medini',
    'Jalan Ekoflora',
  ]),
  my('George Town', 'George Town', 'Pulau Pinang', '104', 5.4141, 100.3288, [
    'Lebuh Pantai',
    'Jalan Burma',
    'Gurney Drive',
  ]),
  my('Bayan Lepas', 'Bayan Lepas', 'Pulau Pinang', '119', 5.295, 100.26, [
    'Jalan Sultan Azlan Shah',
    'Lebuh Bukit Jambul',
  ]),
  my('Melaka', 'Melaka', 'Melaka', '750', 2.1896, 102.2501, [
    'Jalan Hang Tuah',
    'Jalan Merdeka',
    'Jalan Tun Razak',
  ]),
  my('Ipoh', 'Ipoh', 'Perak', '304', 4.5975, 101.0901, ['Jalan Sultan Idris Shah', 'Jalan Raja Dihilir']),
  my('Seremban', 'Seremban', 'Negeri Sembilan', '704', 2.7297, 101.9381, [
    'Jalan Dato Bandar Tunggal',
    'Jalan Rasah',
  ]),
  my('Kuantan', 'Kuantan', 'Pahang', '252', 3.8077, 103.326, ['Jalan Tun Ismail', 'Jalan Teluk Sisek']),
]

/** Busways' depots: the Singapore bus depots its fleet charges at overnight. */
const BUS_DEPOTS: readonly { name: string; street: string; postal: string; lat: number; lng: number }[] = [
  { name: 'Ulu Pandan', street: 'Ulu Pandan Rd', postal: '596', lat: 1.3215, lng: 103.7555 },
  { name: 'Mandai', street: 'Mandai Link', postal: '728', lat: 1.419, lng: 103.812 },
  { name: 'Gali Batu', street: 'Woodlands Rd', postal: '677', lat: 1.391, lng: 103.756 },
  { name: 'Loyang', street: 'Loyang Way', postal: '508', lat: 1.374, lng: 103.973 },
  { name: 'Seletar', street: 'Seletar West Farmway 5', postal: '798', lat: 1.409, lng: 103.874 },
  { name: 'Bulim', street: 'Bulim Ave', postal: '648', lat: 1.356, lng: 103.704 },
  { name: 'Hougang', street: 'Hougang St 92', postal: '538', lat: 1.372, lng: 103.899 },
  { name: 'Ang Mo Kio', street: 'Ang Mo Kio St 63', postal: '569', lat: 1.384, lng: 103.847 },
  { name: 'Kranji', street: 'Kranji Rd', postal: '739', lat: 1.427, lng: 103.752 },
  { name: 'Bukit Batok', street: 'Bukit Batok St 23', postal: '659', lat: 1.363, lng: 103.753 },
]

function sg(name: string, postal: string, lat: number, lng: number, streets: string[]): Area {
  return { name, city: 'Singapore', state: '', postal, lat, lng, streets }
}
function my(
  name: string,
  city: string,
  state: string,
  postal: string,
  lat: number,
  lng: number,
  streets: string[],
): Area {
  return { name, city, state, postal, lat, lng, streets }
}

/** Where a generated coordinate may fall: Singapore's main island and the Malaysian peninsula. */
export const COUNTRY_BOUNDS: Record<Country, { lat: [number, number]; lng: [number, number] }> = {
  SG: { lat: [1.24, 1.47], lng: [103.6, 104.0] },
  MY: { lat: [1.2, 6.8], lng: [99.6, 104.6] },
}

/** The test bay's location and its chargers' OCPP identities (issue 14; the README lists them). */
export const TEST_BAY_NAME = 'SparkGrid Test Bay'
export const TEST_BAY_CHARGERS = ['SPK-TEST-01', 'SPK-TEST-02', 'SPK-TEST-03'] as const

interface Network {
  entity: string
  /** Operator id of the eMI3 EVSE ids (SG*SPK*E000123*1) and prefix of external ids. */
  operator: string
  brand: string
  /** Locations per country at scale 1, and the least at any scale. */
  sizes: readonly { country: Country; perScale: number; min: number }[]
  kinds: readonly (readonly [SiteKind, number])[]
  kindsMy?: readonly (readonly [SiteKind, number])[]
  protocols: readonly (readonly [string, number])[]
  phone: Record<Country, string>
}

const NETWORKS: readonly Network[] = [
  {
    entity: 'CPO',
    operator: 'SPK',
    brand: 'SparkGrid',
    sizes: [
      { country: 'SG', perScale: 55, min: 4 },
      { country: 'MY', perScale: 25, min: 2 },
    ],
    kinds: [
      ['mall', 35],
      ['hdb', 25],
      ['office', 15],
      ['condo', 8],
      ['hub', 12],
      ['hotel', 5],
    ],
    kindsMy: [
      ['mall', 45],
      ['office', 20],
      ['hub', 20],
      ['hotel', 15],
    ],
    protocols: [
      ['BB3_OCPP', 70],
      ['STEVE', 20],
      ['CHARGEPLUS', 10],
    ],
    phone: { SG: '+65 6123 4', MY: '+60 3-2789 1' },
  },
  {
    entity: 'VOLT',
    operator: 'VNT',
    brand: 'Voltnet',
    sizes: [
      { country: 'SG', perScale: 25, min: 3 },
      { country: 'MY', perScale: 15, min: 2 },
    ],
    kinds: [
      ['mall', 30],
      ['office', 25],
      ['petrol', 25],
      ['hotel', 20],
    ],
    protocols: [
      ['OCPI', 60],
      ['VIRTA', 20],
      ['CHARGECO', 20],
    ],
    phone: { SG: '+65 6555 0', MY: '+60 3-7611 2' },
  },
  {
    entity: 'BUS',
    operator: 'BSW',
    brand: 'Busways',
    sizes: [{ country: 'SG', perScale: 8, min: 3 }],
    kinds: [['depot', 1]],
    protocols: [
      ['BB3_OCPP', 70],
      ['STEVE', 30],
    ],
    phone: { SG: '+65 6482 7', MY: '+60 3-0000 0' },
  },
]

const MALL_SUFFIXES = ['Mall', 'Point', 'Plaza', 'Centre', 'Square', 'Hub', 'Junction', 'Galleria', 'City']
const OFFICE_NAMES = ['Business Park', 'Tech Park', 'Corporate Centre', 'Tower', 'Gateway']
const CONDO_WORDS = [
  'Verandah',
  'Tembusu',
  'Orchid Residences',
  'Parc Clematis',
  'Waterfront',
  'Canopy',
  'Skyline',
]
const HOTEL_WORDS = ['Grand', 'Harbour', 'Garden', 'Park', 'Royal', 'Riverside']

/** One charger model: what it is, and what its EVSEs and connectors are. */
interface ChargerModel {
  vendor: string
  model: string
  serialPrefix: string
  firmware: readonly string[]
  /** EVSEs per charger. */
  evses: number
  connectors: readonly ConnectorSpec[]
  /** Extra capabilities beyond the network's common ones. */
  capabilities: readonly string[]
}

interface ConnectorSpec {
  standard: string
  format: 'SOCKET' | 'CABLE'
  powerType: 'AC_1_PHASE' | 'AC_3_PHASE' | 'DC'
  voltage: number
  amperage: number
  watts: number
}

const T2_7 = (format: 'SOCKET' | 'CABLE' = 'SOCKET'): ConnectorSpec => ({
  standard: 'IEC_62196_T2',
  format,
  powerType: 'AC_1_PHASE',
  voltage: 230,
  amperage: 32,
  watts: 7400,
})
const T2_22 = (format: 'SOCKET' | 'CABLE' = 'SOCKET'): ConnectorSpec => ({
  standard: 'IEC_62196_T2',
  format,
  powerType: 'AC_3_PHASE',
  voltage: 400,
  amperage: 32,
  watts: 22_000,
})
const CCS2 = (kw: number, voltage = 920): ConnectorSpec => ({
  standard: 'IEC_62196_T2_COMBO',
  format: 'CABLE',
  powerType: 'DC',
  voltage,
  amperage: kw >= 350 ? 500 : kw >= 150 ? 250 : kw >= 100 ? 200 : 125,
  watts: kw * 1000,
})
const CHADEMO_50: ConnectorSpec = {
  standard: 'CHADEMO',
  format: 'CABLE',
  powerType: 'DC',
  voltage: 500,
  amperage: 125,
  watts: 50_000,
}
const PANTOGRAPH_300: ConnectorSpec = {
  standard: 'PANTOGRAPH_TOP_DOWN',
  format: 'CABLE',
  powerType: 'DC',
  voltage: 750,
  amperage: 500,
  watts: 300_000,
}

const AC_7: ChargerModel = {
  vendor: 'Wallbox',
  model: 'Commander 2 7.4 kW',
  serialPrefix: 'WBX',
  firmware: ['5.17.4', '5.18.1', '6.1.2'],
  evses: 1,
  connectors: [T2_7()],
  capabilities: [],
}
const AC_7_DUAL: ChargerModel = {
  vendor: 'Schneider Electric',
  model: 'EVlink Pro AC dual 7.4 kW',
  serialPrefix: 'SEV',
  firmware: ['3.4.0.12', '3.5.1.4'],
  evses: 2,
  connectors: [T2_7()],
  capabilities: [],
}
const AC_22_DUAL: ChargerModel = {
  vendor: 'ABB',
  model: 'Terra AC W22-T-RD-M-0 dual',
  serialPrefix: 'TACW22',
  firmware: ['1.6.12', '1.7.3', '1.8.0'],
  evses: 2,
  connectors: [T2_22()],
  capabilities: ['RESERVABLE'],
}
const AC_22_TETHERED: ChargerModel = {
  vendor: 'Alfen',
  model: 'Eve Single Pro-line 22 kW',
  serialPrefix: 'ACE',
  firmware: ['6.4.0-4210', '6.5.1-4385'],
  evses: 1,
  connectors: [T2_22('CABLE')],
  capabilities: [],
}
const DC_50: ChargerModel = {
  vendor: 'ABB',
  model: 'Terra 54 CJ',
  serialPrefix: 'T54',
  firmware: ['1.8.25', '1.9.7'],
  evses: 1,
  connectors: [CCS2(50, 500), CHADEMO_50],
  capabilities: ['CREDIT_CARD_PAYABLE', 'CONTACTLESS_CARD_SUPPORT'],
}
const DC_100: ChargerModel = {
  vendor: 'Tritium',
  model: 'RTM 100',
  serialPrefix: 'TRM',
  firmware: ['2.4.1', '2.5.0'],
  evses: 1,
  connectors: [CCS2(100)],
  capabilities: ['CREDIT_CARD_PAYABLE', 'CONTACTLESS_CARD_SUPPORT', 'PED_TERMINAL'],
}
const DC_150_DUAL: ChargerModel = {
  vendor: 'Kempower',
  model: 'S-Series Dual 150 kW',
  serialPrefix: 'KPS',
  firmware: ['1.41.0', '1.44.2'],
  evses: 2,
  connectors: [CCS2(150)],
  capabilities: ['CREDIT_CARD_PAYABLE', 'CONTACTLESS_CARD_SUPPORT'],
}
const DC_150_CHADEMO: ChargerModel = {
  vendor: 'Delta',
  model: 'UFC 150 kW',
  serialPrefix: 'DUF',
  firmware: ['3.10.6', '3.12.0'],
  evses: 1,
  connectors: [CCS2(150), CHADEMO_50],
  capabilities: ['CREDIT_CARD_PAYABLE', 'DEBIT_CARD_PAYABLE', 'PED_TERMINAL'],
}
const DC_350_DUAL: ChargerModel = {
  vendor: 'Alpitronic',
  model: 'Hypercharger HYC400',
  serialPrefix: 'HYC',
  firmware: ['2.1.3', '2.2.0'],
  evses: 2,
  connectors: [CCS2(350)],
  capabilities: ['CREDIT_CARD_PAYABLE', 'CONTACTLESS_CARD_SUPPORT', 'PED_TERMINAL'],
}
const BUS_150_DUAL: ChargerModel = {
  vendor: 'Heliox',
  model: 'Flex 180 kW depot charger',
  serialPrefix: 'HLX',
  firmware: ['4.2.7', '4.3.1'],
  evses: 2,
  connectors: [CCS2(150, 750)],
  capabilities: [],
}
const BUS_PANTOGRAPH: ChargerModel = {
  vendor: 'Siemens',
  model: 'Sicharge UC 300 kW pantograph',
  serialPrefix: 'SUC',
  firmware: ['2.0.14', '2.1.3'],
  evses: 1,
  connectors: [PANTOGRAPH_300],
  capabilities: [],
}

/** The chargers a kind of site gets: a list of (model, how many) choices. */
function chargersFor(kind: SiteKind, r: Random): ChargerModel[] {
  const times = (m: ChargerModel, n: number) => Array.from({ length: n }, () => m)
  switch (kind) {
    case 'mall':
      return [
        ...times(r.chance(0.5) ? AC_22_DUAL : AC_22_TETHERED, r.int(1, 3)),
        ...(r.chance(0.6) ? [r.pick([DC_50, DC_100, DC_150_CHADEMO, DC_150_DUAL])] : []),
      ]
    case 'hdb':
      return times(r.chance(0.5) ? AC_7_DUAL : AC_7, r.int(2, 4))
    case 'office':
      return [
        ...times(r.chance(0.5) ? AC_7_DUAL : AC_22_DUAL, r.int(1, 3)),
        ...(r.chance(0.3) ? [DC_50] : []),
      ]
    case 'condo':
      return times(AC_7, r.int(2, 4))
    case 'hub':
      return [
        ...times(r.chance(0.4) ? DC_350_DUAL : DC_150_DUAL, r.int(2, 3)),
        ...(r.chance(0.5) ? [DC_150_CHADEMO] : []),
      ]
    case 'hotel':
      return times(r.chance(0.5) ? AC_22_DUAL : AC_22_TETHERED, r.int(1, 2))
    case 'petrol':
      return times(r.pick([DC_50, DC_100, DC_150_CHADEMO]), r.int(1, 2))
    case 'depot':
      return [...times(BUS_150_DUAL, r.int(6, 15)), ...(r.chance(0.6) ? times(BUS_PANTOGRAPH, 2) : [])]
  }
}

const COMMON_CAPABILITIES = [
  'RFID_READER',
  'REMOTE_START_STOP_CAPABLE',
  'CHARGING_PROFILE_CAPABLE',
  'UNLOCK_CAPABLE',
]

/** OCPP status a charger reports for its first EVSE's status. */
const OCPP_OF_EVSE: Record<string, string> = {
  AVAILABLE: 'AVAILABLE',
  CHARGING: 'CHARGING',
  BLOCKED: 'OCCUPIED',
  RESERVED: 'RESERVED',
  OUTOFORDER: 'FAULTED',
  UNKNOWN: 'UNKNOWN',
}

/** Estates without public housing or condominiums (business districts, industry, islands): no car park blocks. */
const NON_RESIDENTIAL = new Set([
  'Marina Bay',
  'Orchard',
  'Changi',
  'Tuas',
  'one-north',
  'Sentosa',
  'Seletar',
  'Tanglin',
])

/**
 * The status a charger reports for itself, from its EVSEs': busy when any EVSE charges (then reserved, then
 * blocked), faulted or offline when all are, else available.
 */
export function chargerStatus(evseStatuses: readonly string[]): string {
  for (const s of ['OUTOFORDER', 'CHARGING', 'RESERVED', 'BLOCKED', 'AVAILABLE', 'UNKNOWN'])
    if (evseStatuses.includes(s)) return OCPP_OF_EVSE[s] ?? 'UNKNOWN'
  return 'UNKNOWN'
}

const LOCATION_COLUMNS = [
  'id',
  'entity_code',
  'uid',
  'external_id',
  'name',
  'address',
  'city',
  'postal_code',
  'state',
  'country',
  'latitude',
  'longitude',
  'directions',
  'contact_number',
  'parking_restrictions',
  'publish',
  'time_zone',
  'created_at',
  'updated_at',
] as const
const CHARGE_POINT_COLUMNS = [
  'id',
  'entity_code',
  'location_id',
  'uid',
  'serial_number',
  'vendor',
  'model',
  'firmware_version',
  'protocol',
  'ocpp_status',
  'last_heartbeat_at',
  'ocpp_identity',
  'ocpp_password_hash',
  'created_at',
  'updated_at',
] as const
const EVSE_COLUMNS = [
  'id',
  'entity_code',
  'location_id',
  'uid',
  'evse_id',
  'charge_point_id',
  'external_id',
  'status',
  'physical_reference',
  'directions',
  'instructions',
  'protocol',
  'capabilities',
  'parking_restrictions',
  'floor_level',
  'created_at',
  'updated_at',
] as const
const CONNECTOR_COLUMNS = [
  'id',
  'entity_code',
  'location_id',
  'evse_ref',
  'uid',
  'connector_id',
  'standard',
  'format',
  'power_type',
  'max_voltage',
  'max_amperage',
  'max_electric_power',
  'tariff_id',
  'created_at',
  'updated_at',
] as const

interface Rows {
  locations: Cell[][]
  chargePoints: Cell[][]
  evses: Cell[][]
  connectors: Cell[][]
  /** Serial numbers given so far, in every network: a serial is its charger's OCPP identity, unique everywhere. */
  serials: Set<string>
  /** The demo chargers' OCPP password hash (demo1234: development data only). */
  ocppPasswordHash: string
}

interface Ids {
  location: number
  chargePoint: number
  evse: number
  connector: number
}

interface SeedTariff {
  id: number
  externalId: string
  currency: string
}

/** A tariff for a connector: AC or DC by the external id, the site's currency first; else any; else none. */
export function tariffFor(
  tariffs: readonly SeedTariff[],
  powerType: string,
  currency: string,
  r: Random,
): number | null {
  if (tariffs.length === 0) return null
  const tag = powerType === 'DC' ? '-DC-' : '-AC-'
  const kind = tariffs.filter((t) => t.externalId.toUpperCase().includes(tag))
  const sameCurrency = kind.filter((t) => t.currency === currency)
  const pool = sameCurrency.length > 0 ? sameCurrency : kind.length > 0 ? kind : tariffs
  return r.pick(pool).id
}

const pad = (n: number, width: number) => String(n).padStart(width, '0')
const round6 = (x: number) => Math.round(x * 1e6) / 1e6
const clamp = (x: number, [lo, hi]: [number, number]) => Math.min(hi, Math.max(lo, x))

class NetworkBuilder {
  private readonly usedNames = new Set<string>()
  private stationNo = 0
  private locationNo = 0

  constructor(
    private readonly r: Random,
    private readonly net: Network,
    private readonly now: number,
    private readonly ids: Ids,
    private readonly rows: Rows,
    private readonly tariffs: readonly SeedTariff[],
  ) {}

  private past(minDays: number, maxDays: number): number {
    return this.now - this.r.int(minDays * 24 * 60, maxDays * 24 * 60) * MIN
  }

  private uniqueName(make: () => string): string {
    for (let i = 0; i < 12; i++) {
      const name = make()
      if (!this.usedNames.has(name)) {
        this.usedNames.add(name)
        return name
      }
    }
    const base = make()
    let n = 2
    while (this.usedNames.has(`${base} ${String(n)}`)) n++
    const name = `${base} ${String(n)}`
    this.usedNames.add(name)
    return name
  }

  private siteName(kind: SiteKind, area: Area, street: string, block: number, depot: string): string {
    const r = this.r
    switch (kind) {
      case 'mall':
        return `${area.name} ${r.pick(MALL_SUFFIXES)}`
      case 'hdb':
        return `Blk ${String(block)} ${street} Car Park`
      case 'office':
        return `${area.name} ${r.pick(OFFICE_NAMES)}`
      case 'condo':
        return `The ${r.pick(CONDO_WORDS)} @ ${area.name}`
      case 'hub':
        return `${this.net.brand} Fast Hub ${area.name}`
      case 'hotel':
        return `${r.pick(HOTEL_WORDS)} Hotel ${area.name}`
      case 'petrol':
        return `${area.name} Service Station (${street})`
      case 'depot':
        return `${this.net.brand} ${depot} Depot`
    }
  }

  private directionsOf(kind: SiteKind, street: string, floor: string): string {
    switch (kind) {
      case 'mall':
        return `Basement car park level ${floor}: follow the green EV charging signs from the ${street} entrance.`
      case 'hdb':
        return `Multi-storey car park deck ${floor}, lots next to the lift lobby. Season and short-term parking rates apply.`
      case 'office':
        return `Visitor car park level ${floor}; register at the barrier intercom as an EV charging visitor.`
      case 'condo':
        return `Residents' car park level ${floor}. Access for residents and their registered guests only.`
      case 'hub':
        return `Open-air charging hub with drive-through bays, off ${street}. Open 24 hours.`
      case 'hotel':
        return `Hotel car park level ${floor}; charging is free for the first hour for hotel guests.`
      case 'petrol':
        return `Beside the forecourt, two bays facing ${street}. Open 24 hours.`
      case 'depot':
        return `Depot charging yard off ${street}. Authorised depot staff and buses only.`
    }
  }

  private floorOf(kind: SiteKind): string {
    const r = this.r
    switch (kind) {
      case 'mall':
      case 'hotel':
        return r.pick(['B1', 'B2', 'B3'])
      case 'hdb':
        return String(r.int(1, 6))
      case 'office':
      case 'condo':
        return r.pick(['B1', 'B2', '1'])
      default:
        return '1'
    }
  }

  /** A serial number no charger of any network has yet: it is also the charger's OCPP identity. */
  private serialOf(model: ChargerModel): string {
    for (;;) {
      const serial = `${model.serialPrefix}${String(this.r.int(1, 9))}${pad(this.r.int(0, 99_999_999), 8)}`
      if (!this.rows.serials.has(serial)) {
        this.rows.serials.add(serial)
        return serial
      }
    }
  }

  /**
   * SparkGrid Test Bay (issue 14): three 22 kW AC chargers, SPK-TEST-01 to 03, one EVSE and one Type 2 socket each,
   * on the network's standard AC tariff, for simulators and real test chargers. Nothing is connected to them when
   * seeded: their status is unknown until a charger boots.
   */
  testBay(identities: readonly string[]) {
    const r = this.r
    const net = this.net
    const locationId = this.ids.location++
    this.locationNo++
    const created = this.now - 30 * 86_400_000
    this.rows.locations.push([
      locationId,
      net.entity,
      seededUuid(r),
      `${net.operator}-SG-TEST`,
      TEST_BAY_NAME,
      '1 Fusionopolis Way',
      'Singapore',
      '138632',
      '',
      'SG',
      1.298884,
      103.787376,
      'Level B2, lots T1 to T3, beside the loading bay.',
      `${net.phone.SG}000`,
      JSON.stringify(['EV_ONLY']),
      0,
      'Asia/Singapore',
      created,
      created,
    ])
    const tariff = this.tariffs.find((t) => t.externalId === `${net.entity}-AC-STANDARD-SG`)?.id ?? null
    identities.forEach((identity, i) => {
      this.stationNo++
      const station = pad(this.stationNo, 6)
      const chargePointId = this.ids.chargePoint++
      const evseId = this.ids.evse++
      this.rows.serials.add(identity)
      this.rows.chargePoints.push([
        chargePointId,
        net.entity,
        locationId,
        seededUuid(r),
        identity,
        'SparkGrid',
        'Test Charger AC22',
        '1.0.0',
        'OCPI',
        'UNKNOWN',
        null,
        identity,
        this.rows.ocppPasswordHash,
        created,
        created,
      ])
      this.rows.evses.push([
        evseId,
        net.entity,
        locationId,
        seededUuid(r),
        `SG*${net.operator}*E${station}*1`,
        chargePointId,
        `${net.operator}-EVSE-${station}-1`,
        'UNKNOWN',
        `T${String(i + 1)}`,
        `Test lot T${String(i + 1)}`,
        'Test bay: chargers here are simulators or units under test.',
        'OCPI',
        JSON.stringify([...COMMON_CAPABILITIES]),
        JSON.stringify([]),
        'B2',
        created,
        created,
      ])
      const spec = T2_22('SOCKET')
      this.rows.connectors.push([
        this.ids.connector++,
        net.entity,
        locationId,
        evseId,
        seededUuid(r),
        '1',
        spec.standard,
        spec.format,
        spec.powerType,
        spec.voltage,
        spec.amperage,
        spec.watts,
        tariff,
        created,
        created,
      ])
    })
  }

  /** One location with its chargers, EVSEs and connectors. */
  location(country: Country, kind: SiteKind) {
    const r = this.r
    const net = this.net
    const areas = country === 'SG' ? SG_AREAS : MY_AREAS
    const depotIndex = this.locationNo
    const depot = BUS_DEPOTS[depotIndex % BUS_DEPOTS.length] ?? BUS_DEPOTS[0]
    if (!depot) throw new Error('no depots')
    const area: Area =
      kind === 'depot'
        ? sg(depot.name, depot.postal.slice(0, 2), depot.lat, depot.lng, [depot.street])
        : r.pick(
            kind === 'hdb' || kind === 'condo' ? areas.filter((a) => !NON_RESIDENTIAL.has(a.name)) : areas,
          )
    const street = r.pick(area.streets)
    const block = r.int(101, 899)
    const depotName =
      depotIndex < BUS_DEPOTS.length
        ? depot.name
        : `${depot.name} ${String(Math.floor(depotIndex / BUS_DEPOTS.length) + 1)}`
    const name = this.uniqueName(() => this.siteName(kind, area, street, block, depotName))
    this.locationNo++
    const postal =
      kind === 'depot'
        ? `${depot.postal}${pad(r.int(0, 999), 3)}`
        : country === 'SG'
          ? `${area.postal}${pad(r.int(0, 9999), 4)}`
          : `${area.postal}${pad(r.int(0, 10 ** (5 - area.postal.length) - 1), 5 - area.postal.length)}`
    const number = kind === 'hdb' ? `Blk ${String(block)}` : String(r.int(1, 480))
    const address = `${number} ${street}`
    const spread = kind === 'depot' ? 0.002 : country === 'SG' ? 0.006 : 0.02
    const bounds = COUNTRY_BOUNDS[country]
    const lat = round6(clamp(area.lat + (r.next() - 0.5) * 2 * spread, bounds.lat))
    const lng = round6(clamp(area.lng + (r.next() - 0.5) * 2 * spread, bounds.lng))
    const floor = this.floorOf(kind)
    const created = this.past(120, 900)
    const updated = Math.max(created, this.past(0, 60))
    const locationId = this.ids.location++
    const restrictions =
      kind === 'depot' || kind === 'hub'
        ? ['EV_ONLY']
        : kind === 'mall' || kind === 'hotel'
          ? r.chance(0.5)
            ? ['CUSTOMERS', 'EV_ONLY']
            : ['CUSTOMERS']
          : kind === 'condo'
            ? ['CUSTOMERS']
            : r.chance(0.6)
              ? ['EV_ONLY']
              : []
    // Depots and condominiums are private; a few public sites are not published yet (being commissioned).
    const publish = kind === 'depot' || kind === 'condo' ? 0 : r.chance(0.95) ? 1 : 0
    this.rows.locations.push([
      locationId,
      net.entity,
      seededUuid(r),
      `${net.operator}-${country}-${pad(this.locationNo, 4)}`,
      name,
      // OCPI's address is the street and number only; city and postal code have their own fields.
      address,
      area.city,
      postal,
      area.state,
      country,
      lat,
      lng,
      this.directionsOf(kind, street, floor),
      `${net.phone[country]}${pad(r.int(0, 999), 3)}`,
      JSON.stringify(restrictions),
      publish,
      country === 'SG' ? 'Asia/Singapore' : 'Asia/Kuala_Lumpur',
      created,
      updated,
    ])

    const currency = country === 'SG' ? 'SGD' : 'MYR'
    // A site prices all its AC connectors alike, and all its DC connectors alike.
    const siteTariff = {
      AC: tariffFor(this.tariffs, 'AC_3_PHASE', currency, r),
      DC: tariffFor(this.tariffs, 'DC', currency, r),
    }
    const protocol = r.weighted(net.protocols)
    let bay = 0
    const bayLetter = String.fromCharCode(65 + r.int(0, 5))
    const chargers = chargersFor(kind, r)
    const disabledBay = chargers.length > 1 && r.chance(0.35) ? r.int(1, 2) : -1
    for (const model of chargers) {
      this.stationNo++
      const station = pad(this.stationNo, 6)
      const chargePointId = this.ids.chargePoint++
      // Charger health first: an offline charger's EVSEs are UNKNOWN, a faulted one's OUTOFORDER.
      const health = r.weighted([
        ['ok', 92],
        ['faulted', 5],
        ['offline', 3],
      ] as const)
      const statuses = Array.from({ length: model.evses }, () =>
        health === 'offline'
          ? 'UNKNOWN'
          : health === 'faulted'
            ? 'OUTOFORDER'
            : r.weighted(
                kind === 'depot'
                  ? ([
                      ['AVAILABLE', 55],
                      ['CHARGING', 40],
                      ['RESERVED', 5],
                    ] as const)
                  : ([
                      ['AVAILABLE', 72],
                      ['CHARGING', 18],
                      ['BLOCKED', 4],
                      ['RESERVED', 3],
                      ['UNKNOWN', 3],
                    ] as const),
              ),
      )
      const heartbeat =
        health === 'offline' ? (r.chance(0.3) ? null : this.past(1, 20)) : this.now - r.int(5, 290) * 1000
      const cpCreated = Math.max(created, this.past(60, 800))
      const uid = seededUuid(r)
      const serial = this.serialOf(model)
      this.rows.chargePoints.push([
        chargePointId,
        net.entity,
        locationId,
        uid,
        serial,
        model.vendor,
        model.model,
        r.pick(model.firmware),
        protocol,
        chargerStatus(statuses),
        heartbeat,
        serial,
        this.rows.ocppPasswordHash,
        cpCreated,
        Math.max(cpCreated, this.past(0, 30)),
      ])
      for (let k = 0; k < model.evses; k++) {
        bay++
        const evseId = this.ids.evse++
        const status = statuses[k] ?? 'AVAILABLE'
        const capabilities = [...COMMON_CAPABILITIES, ...model.capabilities]
        if (kind !== 'depot' && r.chance(0.3)) capabilities.push('RESERVABLE')
        const evseRestrictions =
          bay === disabledBay
            ? ['DISABLED']
            : kind === 'hdb' && r.chance(0.08)
              ? ['MOTORCYCLES']
              : r.chance(0.15)
                ? ['PLUGGED']
                : []
        const physical = kind === 'depot' ? `D${pad(bay, 2)}` : `${bayLetter}${String(bay)}`
        const evseCreated = cpCreated
        this.rows.evses.push([
          evseId,
          net.entity,
          locationId,
          seededUuid(r),
          `${country}*${net.operator}*E${station}*${String(k + 1)}`,
          chargePointId,
          `${net.operator}-EVSE-${station}-${String(k + 1)}`,
          status,
          physical,
          kind === 'depot'
            ? `Charging lane ${String(bay)}`
            : `Lot ${physical}${bay === disabledBay ? ', accessible bay' : ''}`,
          kind === 'depot'
            ? 'Depot staff start charging from the depot management system; drivers connect the gun and confirm on the HMI.'
            : `Start with the ${net.brand} app or tap an RFID card on the reader, then plug in. Unplug within 15 minutes of the end to avoid idle fees.`,
          protocol,
          JSON.stringify([...new Set(capabilities)]),
          JSON.stringify(evseRestrictions),
          floor,
          evseCreated,
          Math.max(evseCreated, this.past(0, 14)),
        ])
        model.connectors.forEach((spec, c) => {
          this.rows.connectors.push([
            this.ids.connector++,
            net.entity,
            locationId,
            evseId,
            seededUuid(r),
            String(c + 1),
            spec.standard,
            spec.format,
            spec.powerType,
            spec.voltage,
            spec.amperage,
            spec.watts,
            spec.powerType === 'DC' ? siteTariff.DC : siteTariff.AC,
            evseCreated,
            Math.max(evseCreated, this.past(0, 30)),
          ])
        })
      }
    }
  }
}

async function nextId(db: Db, table: 'ev_location' | 'ev_charge_point' | 'ev_evse' | 'ev_connector') {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirst()
  return (row?.max ?? 0) + 1
}

/** How many locations of a country an entity gets at a scale: its demo size times the scale, never fewer than min. */
export function locationCount(perScale: number, min: number, scale: number): number {
  return Math.max(min, Math.round(perScale * scale))
}

/** The demo charging networks of CPO, VOLT and BUS (whichever entities exist). */
export async function seedEvNetwork(db: Db, rng: Random, context: SeedContext): Promise<void> {
  const entities = new Set(
    (
      await db
        .selectFrom('entity')
        .where(
          'code',
          'in',
          NETWORKS.map((n) => n.entity),
        )
        .select('code')
        .execute()
    ).map((e) => e.code),
  )
  const ids: Ids = {
    location: await nextId(db, 'ev_location'),
    chargePoint: await nextId(db, 'ev_charge_point'),
    evse: await nextId(db, 'ev_evse'),
    connector: await nextId(db, 'ev_connector'),
  }
  const rows: Rows = {
    locations: [],
    chargePoints: [],
    evses: [],
    connectors: [],
    serials: new Set(),
    // A fixed salt: the seed writes the same rows on every run (the password is the public demo one anyway).
    ocppPasswordHash: hashOcppPassword(DEMO_PASSWORD, 'ca11ab1e5eed0cc9d3e1a0b2c4f6e8d0'),
  }
  for (const net of NETWORKS) {
    if (!entities.has(net.entity)) continue
    const tariffs = (
      await db
        .selectFrom('ev_tariff')
        .where('entity_code', '=', net.entity)
        .select(['id', 'external_id', 'currency'])
        .orderBy('id')
        .execute()
    ).map((t) => ({ id: t.id, externalId: t.external_id, currency: t.currency }))
    const r = rng.fork(net.entity)
    const builder = new NetworkBuilder(r, net, context.now, ids, rows, tariffs)
    for (const size of net.sizes) {
      const count = locationCount(size.perScale, size.min, context.scale)
      const kinds = size.country === 'MY' && net.kindsMy ? net.kindsMy : net.kinds
      for (let i = 0; i < count; i++) builder.location(size.country, r.weighted(kinds))
    }
    if (net.entity === 'CPO') builder.testBay(TEST_BAY_CHARGERS)
  }
  const bulk = new BulkInserter<Database>(db)
  await db.transaction().execute(async (trx) => {
    await bulk.insert(trx, 'ev_location', LOCATION_COLUMNS, rows.locations)
    await bulk.insert(trx, 'ev_charge_point', CHARGE_POINT_COLUMNS, rows.chargePoints)
    await bulk.insert(trx, 'ev_evse', EVSE_COLUMNS, rows.evses)
    await bulk.insert(trx, 'ev_connector', CONNECTOR_COLUMNS, rows.connectors)
  })
  for (const table of ['ev_location', 'ev_charge_point', 'ev_evse', 'ev_connector'])
    await bulk.syncSequence(table)
}
