export const KERNEL_APP_BUDGET: number
export const PRESET_APP_BUDGET: number
export function pluginFactory(name: string): string
export interface App {
  /** `kernel`, `plugin:<name>` or `preset`. */
  id: string
  label: string
  plugin?: string
  source: string
}
export interface AppSize extends App {
  minified: number
  gzip: number
}
export function apps(root: string): App[]
export function measureApps(root: string): Promise<AppSize[]>
export function scriptTagSize(root: string): number
export function sizeTable(rows: AppSize[], scriptTag?: number): string
