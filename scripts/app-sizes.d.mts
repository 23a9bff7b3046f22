export const KERNEL_APP_BUDGET: number
export const PRESET_APP_BUDGET: number
export const VISITOR_APP_BUDGET: number
export const VISITOR_LEFT_OUT: string[]
export const IN_APP_APP_BUDGET: number
export const IN_APP_LEFT_OUT: string[]
export function pluginFactory(name: string): string
export interface App {
  /** `kernel`, `plugin:<name>`, `preset`, `visitor` or `in-app`. */
  id: string
  label: string
  plugin?: string
  source: string
  /** Plugin factories of the main entry replaced by a plugin that does nothing. */
  leaveOut?: string[]
}
export interface AppSize extends App {
  /** Minified bytes the page loads first (entry and static chunks). */
  minified: number
  /** gzip -9 bytes the page loads first (each initial file compressed on its own). */
  gzip: number
  /** gzip -9 bytes of the chunks loaded by `import()`. */
  lazy: number
  /** esbuild's warnings about the bundle (`id: text`); a linked package shows them, an installed one hides them. */
  warnings: string[]
}
export function apps(root: string): App[]
export function measureApps(root: string): Promise<AppSize[]>
export function scriptTagSize(root: string): number
export function sizeTable(rows: AppSize[], scriptTag?: number): string
