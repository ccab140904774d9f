import { normalizeFunctionPath } from '@music-rooms/domain';
import type { FunctionDefinition } from './define';

/** Every function the server offers, by dotted path. Two definitions of one path fail the boot. */
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
