import type { SkuCategory, TemplateItem, TemplateSection } from '@portal/contract'
import type { Db } from '../db/database'
import type { NewSkuRow } from '../modules/iot/skus/sku.table'
import type { NewMachineTemplateRow } from '../modules/iot/templates/template.table'
import type { Random } from './random'
import { seededUuid } from './random'
import type { SeedContext } from './seed-context'

const DAY_MS = 86_400_000
const ENTITY = 'VEND'

/**
 * The products machine items were seeded with (seed/machines.ts), in the same order: inserted first, their ids
 * are 1..20, which is what those items' sku_id already say.
 */
const SLOT_PRODUCTS: readonly (readonly [string, string, number, SkuCategory])[] = [
  ['Coca-Cola 320ml', 'Classic Coke, chilled can', 180, 'drinks'],
  ['Coke Zero 320ml', 'No sugar, chilled can', 180, 'drinks'],
  ['100PLUS 325ml', 'Isotonic drink', 180, 'drinks'],
  ['Pokka Green Tea 500ml', 'Jasmine green tea, less sugar', 220, 'coffee_tea'],
  ['Milo 240ml', 'Chocolate malt, ready to drink', 170, 'dairy'],
  ['Yeo’s Chrysanthemum 300ml', 'Herbal tea', 160, 'coffee_tea'],
  ['Dasani Water 600ml', 'Still water', 150, 'drinks'],
  ['Red Bull 250ml', 'Energy drink', 290, 'drinks'],
  ['Nescafé Latte 240ml', 'Iced coffee', 230, 'coffee_tea'],
  ['Pringles Original 110g', 'Potato crisps', 390, 'snacks'],
  ['Lay’s Classic 56g', 'Potato chips', 250, 'snacks'],
  ['Kit Kat 4 Finger', 'Milk chocolate wafer', 200, 'confectionery'],
  ['Oreo Mini 20g', 'Cookies', 150, 'biscuits'],
  ['Mamee Monster 25g', 'Snack noodles', 100, 'snacks'],
  ['Nissin Cup Noodles Seafood', 'Instant noodles', 280, 'noodles'],
  ['Gardenia Kaya Bun', 'Soft bun with kaya', 190, 'bakery'],
  ['Meiji Yogurt Drink 180ml', 'Chilled yogurt drink', 240, 'dairy'],
  ['Magnum Classic', 'Ice cream bar', 450, 'frozen'],
  ['Nature Valley Oats & Honey', 'Granola bar', 220, 'healthy'],
  ['Hup Seng Cream Crackers', 'Crackers', 120, 'biscuits'],
]

/** Brand lines, each with its flavours and pack sizes: the rest of the range, combined. */
const RANGES: readonly {
  brand: string
  category: SkuCategory
  kind: string
  flavours: readonly string[]
  sizes: readonly (readonly [string, number])[]
}[] = [
  {
    brand: 'Coca-Cola',
    category: 'drinks',
    kind: 'Soft drink',
    flavours: ['Original', 'Zero Sugar', 'Light', 'Cherry', 'Vanilla'],
    sizes: [
      ['250ml', 150],
      ['500ml', 230],
      ['1.5L', 380],
    ],
  },
  {
    brand: 'Sprite',
    category: 'drinks',
    kind: 'Lemon-lime soda',
    flavours: ['Original', 'Zero'],
    sizes: [
      ['320ml', 170],
      ['500ml', 220],
    ],
  },
  {
    brand: 'F&N',
    category: 'drinks',
    kind: 'Fizzy drink',
    flavours: ['Orange', 'Grape', 'Sarsi', 'Cream Soda', 'Ice Cream Soda', 'Zapple'],
    sizes: [
      ['325ml', 150],
      ['500ml', 210],
    ],
  },
  {
    brand: 'Pokka',
    category: 'coffee_tea',
    kind: 'Ready-to-drink tea',
    flavours: ['Jasmine Green Tea', 'Oolong Tea', 'Lemon Tea', 'Ice Lemon Tea', 'Peach Tea', 'Honey Lemon'],
    sizes: [
      ['300ml', 160],
      ['500ml', 220],
      ['1.5L', 380],
    ],
  },
  {
    brand: 'Yeo’s',
    category: 'coffee_tea',
    kind: 'Asian drink',
    flavours: ['Chrysanthemum Tea', 'Soya Bean', 'Winter Melon', 'Sugarcane', 'Bandung', 'Grass Jelly'],
    sizes: [
      ['250ml', 140],
      ['300ml', 160],
    ],
  },
  {
    brand: 'Nescafé',
    category: 'coffee_tea',
    kind: 'Canned coffee',
    flavours: ['Original', 'Latte', 'Mocha', 'Kopi-O', 'Less Sugar'],
    sizes: [['240ml', 230]],
  },
  {
    brand: 'Marigold',
    category: 'dairy',
    kind: 'Chilled milk drink',
    flavours: ['Fresh Milk', 'Chocolate Milk', 'Strawberry Milk', 'Low Fat', 'Peel Fresh Orange', 'Apple'],
    sizes: [
      ['200ml', 160],
      ['1L', 420],
    ],
  },
  {
    brand: 'Vitasoy',
    category: 'dairy',
    kind: 'Soy drink',
    flavours: ['Original', 'Less Sugar', 'Chocolate', 'Black Soy'],
    sizes: [['250ml', 170]],
  },
  {
    brand: 'Ice Mountain',
    category: 'drinks',
    kind: 'Water',
    flavours: ['Mineral Water', 'Sparkling Water', 'Drinking Water'],
    sizes: [
      ['500ml', 120],
      ['1.5L', 220],
    ],
  },
  {
    brand: 'Monster',
    category: 'drinks',
    kind: 'Energy drink',
    flavours: ['Original', 'Ultra White', 'Mango Loco', 'Pipeline Punch'],
    sizes: [['355ml', 330]],
  },
  {
    brand: 'Lay’s',
    category: 'snacks',
    kind: 'Potato chips',
    flavours: ['Classic', 'Sour Cream & Onion', 'Nori Seaweed', 'BBQ', 'Hot & Spicy'],
    sizes: [
      ['30g', 140],
      ['56g', 250],
      ['170g', 480],
    ],
  },
  {
    brand: 'Pringles',
    category: 'snacks',
    kind: 'Stacked crisps',
    flavours: ['Original', 'Sour Cream & Onion', 'Cheesy Cheese', 'Hot & Spicy', 'Salt & Vinegar'],
    sizes: [
      ['42g', 200],
      ['110g', 390],
    ],
  },
  {
    brand: 'Jack ’n Jill',
    category: 'snacks',
    kind: 'Corn snack',
    flavours: ['Potato Chips', 'Chiz Curls', 'Piattos Cheese', 'Nova Multigrain'],
    sizes: [['60g', 180]],
  },
  {
    brand: 'Mister Potato',
    category: 'snacks',
    kind: 'Potato crisps',
    flavours: ['Original', 'Barbecue', 'Hot & Spicy', 'Sour Cream'],
    sizes: [
      ['45g', 160],
      ['130g', 380],
    ],
  },
  {
    brand: 'Cadbury Dairy Milk',
    category: 'confectionery',
    kind: 'Milk chocolate bar',
    flavours: ['Original', 'Fruit & Nut', 'Roast Almond', 'Hazelnut', 'Caramel'],
    sizes: [
      ['40g', 190],
      ['160g', 550],
    ],
  },
  {
    brand: 'Mars',
    category: 'confectionery',
    kind: 'Chocolate bar',
    flavours: ['Mars', 'Snickers', 'Twix', 'Bounty', 'Milky Way', 'M&M’s Peanut'],
    sizes: [['45g', 180]],
  },
  {
    brand: 'Mentos',
    category: 'confectionery',
    kind: 'Chewy mints',
    flavours: ['Mint', 'Fruit', 'Grape', 'Strawberry'],
    sizes: [['37.5g', 110]],
  },
  {
    brand: 'Oreo',
    category: 'biscuits',
    kind: 'Sandwich cookies',
    flavours: ['Original', 'Chocolate Cream', 'Strawberry', 'Double Stuf', 'Golden'],
    sizes: [
      ['29g', 110],
      ['137g', 290],
    ],
  },
  {
    brand: 'Julie’s',
    category: 'biscuits',
    kind: 'Biscuits',
    flavours: ['Peanut Butter Sandwich', 'Cheese Crackers', 'Lemon Sandwich', 'Love Letters'],
    sizes: [['90g', 170]],
  },
  {
    brand: 'Nissin',
    category: 'noodles',
    kind: 'Cup noodles',
    flavours: ['Original', 'Seafood', 'Curry', 'Chicken', 'Tom Yum', 'Black Pepper Crab'],
    sizes: [['75g', 280]],
  },
  {
    brand: 'Indomie',
    category: 'noodles',
    kind: 'Instant noodles',
    flavours: ['Mi Goreng', 'Chicken Curry', 'Soto', 'Spicy Mi Goreng'],
    sizes: [['80g', 120]],
  },
  {
    brand: 'Gardenia',
    category: 'bakery',
    kind: 'Soft bun',
    flavours: ['Kaya', 'Chocolate', 'Red Bean', 'Custard', 'Coconut', 'Butterscotch'],
    sizes: [['70g', 190]],
  },
  {
    brand: 'Walls',
    category: 'frozen',
    kind: 'Ice cream',
    flavours: ['Cornetto Chocolate', 'Cornetto Vanilla', 'Paddle Pop Rainbow', 'Magnum Almond', 'Feast'],
    sizes: [['1 pc', 350]],
  },
  {
    brand: 'Nature Valley',
    category: 'healthy',
    kind: 'Granola bar',
    flavours: ['Oats & Honey', 'Peanut Butter', 'Dark Chocolate', 'Almond Crunch'],
    sizes: [['42g', 220]],
  },
  {
    brand: 'Nuts & Co',
    category: 'healthy',
    kind: 'Roasted nuts',
    flavours: ['Almonds', 'Cashews', 'Mixed Nuts', 'Pistachios'],
    sizes: [
      ['35g', 250],
      ['100g', 590],
    ],
  },
  {
    brand: 'Kleenex',
    category: 'personal_care',
    kind: 'Pocket tissues',
    flavours: ['Regular', 'Ultra Soft'],
    sizes: [['6 packs', 280]],
  },
  {
    brand: 'Dettol',
    category: 'personal_care',
    kind: 'Hygiene',
    flavours: ['Hand Sanitiser', 'Wet Wipes'],
    sizes: [['50ml', 350]],
  },
  {
    brand: 'Energizer',
    category: 'other',
    kind: 'Batteries',
    flavours: ['AA', 'AAA'],
    sizes: [['2 pack', 590]],
  },
]

const CODE_PREFIX: Record<SkuCategory, string> = {
  drinks: 'DRK',
  coffee_tea: 'TEA',
  snacks: 'SNK',
  confectionery: 'CON',
  biscuits: 'BIS',
  noodles: 'NDL',
  bakery: 'BAK',
  dairy: 'DRY',
  frozen: 'FRZ',
  healthy: 'HLT',
  personal_care: 'PRC',
  other: 'OTH',
}

/** An EAN-13 under the Singapore prefix 888, with its check digit. */
function ean13(rng: Random): string {
  const body = `888${Array.from({ length: 9 }, () => String(rng.int(0, 9))).join('')}`
  const sum = Array.from(body, Number).reduce((s, d, i) => s + d * (i % 2 === 0 ? 1 : 3), 0)
  return `${body}${String((10 - (sum % 10)) % 10)}`
}

function skuRows(rng: Random, now: number): NewSkuRow[] {
  const numbers = new Map<SkuCategory, number>()
  const code = (category: SkuCategory) => {
    const n = (numbers.get(category) ?? 0) + 1
    numbers.set(category, n)
    return `${CODE_PREFIX[category]}-${String(n).padStart(4, '0')}`
  }
  const row = (name: string, description: string, price: number, category: SkuCategory): NewSkuRow => {
    const created = now - rng.int(1, 90) * DAY_MS + rng.int(0, DAY_MS - 1)
    const updated = rng.chance(0.3) ? created + rng.int(0, now - created) : created
    return {
      entity_code: ENTITY,
      sku_code: code(category),
      name,
      description,
      category,
      barcode: rng.chance(0.92) ? ean13(rng) : null,
      price,
      currency_code: 'SGD',
      image_url: null,
      is_active: rng.chance(0.9) ? 1 : 0,
      created_at: created,
      updated_at: updated,
    }
  }
  const rows = SLOT_PRODUCTS.map(([name, description, price, category]) => {
    const r = row(name, description, price, category)
    return { ...r, is_active: 1 }
  })
  const taken = new Set(rows.map((r) => r.name))
  for (const range of RANGES) {
    for (const flavour of range.flavours) {
      for (const [size, price] of range.sizes) {
        const name =
          flavour === 'Original' ? `${range.brand} ${size}` : `${range.brand} ${flavour} ${size}`.trim()
        if (taken.has(name)) continue
        taken.add(name)
        // Prices vary a little between flavours, always to the nearest 10 cents.
        const priced = Math.max(50, price + rng.int(-2, 3) * 10)
        rows.push(row(name, `${range.kind}, ${flavour.toLowerCase()}`, priced, range.category))
      }
    }
  }
  return rows
}

const TEMPLATES: readonly (readonly [string, string, number, number])[] = [
  // name, resourceCode (machine model), slots, slots per tray
  ['Office pantry drinks', 'TCN-CSC-10C', 40, 8],
  ['Campus snacks and drinks', 'TCN-D720-10G', 60, 10],
  ['Hospital lobby combo', 'FUJI-FVM-B32', 32, 8],
  ['Gym healthy choices', 'TCN-CSC-10C', 40, 8],
  ['MRT station express', 'SANDEN-VMAX-576', 36, 6],
  ['Ice cream freezer', 'TCN-FZ-10', 20, 5],
]

const TEMPLATE_CATEGORIES: Record<string, readonly SkuCategory[]> = {
  'Office pantry drinks': ['drinks', 'coffee_tea', 'dairy'],
  'Campus snacks and drinks': ['drinks', 'snacks', 'confectionery', 'biscuits', 'noodles'],
  'Hospital lobby combo': ['drinks', 'coffee_tea', 'bakery', 'biscuits', 'personal_care'],
  'Gym healthy choices': ['healthy', 'drinks', 'dairy'],
  'MRT station express': ['drinks', 'snacks', 'confectionery', 'personal_care', 'other'],
  'Ice cream freezer': ['frozen'],
}

function templateRows(
  rng: Random,
  now: number,
  skus: readonly { id: number; name: string; description: string; price: number; category: string }[],
): NewMachineTemplateRow[] {
  return TEMPLATES.map(([name, resourceCode, slots, perTray]) => {
    const pool = skus.filter((s) => (TEMPLATE_CATEGORIES[name] ?? []).some((c) => c === s.category))
    const items: TemplateItem[] = Array.from({ length: slots }, (_, i) => {
      const sku = rng.pick(pool)
      const capacity = rng.pick([6, 8, 10, 12])
      return {
        slot_no: i + 1,
        price: sku.price,
        name: sku.name,
        description: sku.description,
        stock: capacity,
        capacity,
        total_revenue: 0,
        total_sold: 0,
        is_enabled: true,
        is_active: true,
        sku_id: sku.id,
        image_url: null,
      }
    })
    const sections: TemplateSection[] = Array.from({ length: Math.ceil(slots / perTray) }, (_, t) => ({
      name: `Tray ${String.fromCharCode(65 + t)}`,
      slot_nos: items.slice(t * perTray, (t + 1) * perTray).map((item) => item.slot_no),
    }))
    const created = now - rng.int(20, 90) * DAY_MS
    const version = rng.int(1, 5)
    return {
      uuid: seededUuid(rng),
      entity_code: ENTITY,
      resource_code: resourceCode,
      name,
      version,
      currency_code: 'SGD',
      sections: JSON.stringify(sections),
      content: JSON.stringify({ items }),
      section_count: sections.length,
      item_count: items.length,
      created_at: created,
      updated_at: version === 1 ? created : created + rng.int(1, 19) * DAY_MS,
    }
  })
}

/** SKUs and machine templates of VEND: the range its machines sell, and a few layouts. */
export async function seedCatalogue(db: Db, rng: Random, ctx: SeedContext): Promise<void> {
  const vend = await db.selectFrom('entity').where('code', '=', ENTITY).select('code').executeTakeFirst()
  if (!vend) return
  const rows = skuRows(rng, ctx.now)
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 500)
      await trx
        .insertInto('sku')
        .values(rows.slice(i, i + 500))
        .execute()
    const skus = await trx
      .selectFrom('sku')
      .where('entity_code', '=', ENTITY)
      .select(['id', 'name', 'description', 'price', 'category'])
      .orderBy('id')
      .execute()
    // Machine items name their SKU by id 1..20 (the products' order); should ids start elsewhere (a database
    // that had rows before), point the items at the SKUs of their names instead.
    const first = skus.slice(0, SLOT_PRODUCTS.length)
    if (first.some((s, i) => s.id !== i + 1)) {
      for (const s of first) {
        await trx
          .updateTable('machine_item')
          .set({ sku_id: s.id })
          .where('entity_code', '=', ENTITY)
          .where('name', '=', s.name)
          .execute()
      }
    }
    await trx
      .insertInto('machine_template')
      .values(templateRows(rng, ctx.now, skus))
      .execute()
  })
}
