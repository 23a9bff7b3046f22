/** The shop's products: the catalogue the pages list and the cart holds. */
export interface Product {
  sku: string
  name: string
  blurb: string
  price: number
  /** Units sold: the order of recommendation A. */
  sold: number
  /** Days since it arrived: the order of recommendation C. */
  age: number
}

export const PRODUCTS: readonly Product[] = [
  { sku: 'sku-1', name: 'Desk lamp', blurb: 'Warm light, three levels', price: 24.9, sold: 310, age: 40 },
  { sku: 'sku-2', name: 'Notebook', blurb: 'Dotted, 160 pages', price: 7.5, sold: 920, age: 12 },
  { sku: 'sku-3', name: 'Coffee mug', blurb: 'Stoneware, 350 ml', price: 12, sold: 540, age: 3 },
  { sku: 'sku-4', name: 'Headphones', blurb: 'Closed-back, foldable', price: 59, sold: 120, age: 25 },
]

/** Recommendation algorithm (A/B test #3): A by popularity, B by price, C newest first. */
export function recommend(variation: string): Product[] {
  const list = [...PRODUCTS]
  if (variation === 'B') return list.sort((a, b) => a.price - b.price)
  if (variation === 'C') return list.sort((a, b) => a.age - b.age)
  return list.sort((a, b) => b.sold - a.sold)
}

export const ORDER_LABEL: Record<string, string> = { A: 'most popular first', B: 'lowest price first', C: 'newest first' }

export const money = (value: number) => value.toFixed(2)
