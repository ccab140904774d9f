import { FUNCTION_CONTRACT, normalizeFunctionPath } from '@music-rooms/domain';
import type { FunctionDefinition } from './define';

/**
 * Every function the server offers, by dotted path. A path defined twice, or a path of the
 * contract left without a definition, fails the boot.
 */
export class FunctionRegistry {
  private readonly byPath = new Map<string, FunctionDefinition>();

  constructor(definitions: readonly FunctionDefinition[]) {
    for (const definition of definitions) {
      if (normalizeFunctionPath(definition.path) !== definition.path) {
        throw new Error(`Function path must look like module.name: ${definition.path}`);
      }
      if (this.byPath.has(definition.path)) {
        throw new Error(`Function declared twice: ${definition.path}`);
      }
      this.byPath.set(definition.path, definition);
    }
    const missing = Object.keys(FUNCTION_CONTRACT).filter((path) => !this.byPath.has(path));
    if (missing.length > 0)
      throw new Error(`Contract functions without a handler: ${missing.join(', ')}`);
  }

  /** Finds a function by `module.name` or `module:name`. */
  find(path: string): FunctionDefinition | undefined {
    const normalized = normalizeFunctionPath(path);
    return normalized === null ? undefined : this.byPath.get(normalized);
  }

  paths(): string[] {
    return [...this.byPath.keys()];
  }
}
