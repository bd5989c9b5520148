/*
 * Figures in tables: one unit per column (a column mixing kWh and MWh, or kg and t, reads wrong at a glance), one
 * decimal. The headline cards use the contract's adaptive formatEnergy and formatEmissions instead.
 */

const one = { minimumFractionDigits: 1, maximumFractionDigits: 1 } as const

export function tableEnergy(kWh: number, language = 'en-US'): string {
  return `${kWh.toLocaleString(language, one)} kWh`
}

export function tableEmissions(kg: number, language = 'en-US'): string {
  return `${kg.toLocaleString(language, one)} kg`
}
