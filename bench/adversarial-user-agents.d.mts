export function adversarialUserAgents(): string[]
