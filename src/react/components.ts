import { Children, cloneElement, createElement, Fragment, isValidElement, type ReactElement, type ReactNode } from 'react'
import { useLoadableFeature, useLoadableVariation } from './hooks'

/** `HackleExperiment`'s props. */
export interface ExperimentProps {
  /** The A/B test's key. */
  experimentKey: number
  /** `HackleVariation` elements, or a function of the variation. */
  children?: ReactNode | ((variation: string) => ReactNode)
}

/**
 * Renders the child for the user's variation: nothing while loading; a function child gets the variation; otherwise
 * the `HackleVariation` whose `variation` matches, or one marked `default`. As in the reference, children are read in
 * order and a later match (a `default` one included) wins: put the `default` child first.
 */
export function HackleExperiment({ experimentKey, children }: ExperimentProps): ReactNode {
  const { isLoading, variation } = useLoadableVariation(experimentKey)
  if (isLoading) return null
  if (typeof children === 'function') return children(variation)
  let match: ReactElement | undefined
  Children.forEach(children, (child) => {
    if (!isValidElement(child)) return
    const props = (child.props ?? {}) as { variation?: unknown; default?: unknown }
    if (props.variation) {
      if (props.variation === variation) match = child
    } else if (props.default) {
      match = child
    }
  })
  return match ? cloneElement(match as ReactElement<{ variation?: string }>, { variation }) : null
}

/** `HackleVariation`'s props. */
export interface VariationProps {
  /** The variation key this child is for. */
  variation?: string
  /** Rendered when no other variation matches. */
  default?: boolean
  /** The content. */
  children?: ReactNode
}

/** One variation's content inside `HackleExperiment`. */
export function HackleVariation({ children }: VariationProps): ReactElement {
  return createElement(Fragment, null, children)
}

/** `HackleFeature`'s child: renders the content for the flag's state. */
export type ChildrenFunction = (isOn: boolean) => ReactNode

/** `HackleFeature`'s props. */
export interface FeatureProps {
  /** The feature flag's key. */
  featureKey: number
  /** Called with whether the flag is on. */
  children: ChildrenFunction
}

/** Renders `children(isOn)` once the provider is ready, nothing before. */
export function HackleFeature({ featureKey, children }: FeatureProps): ReactElement | null {
  const { isLoading, isOn } = useLoadableFeature(featureKey)
  if (isLoading) return null
  return createElement(Fragment, null, typeof children === 'function' ? children(isOn) : null)
}
