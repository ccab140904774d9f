import { z } from 'zod';

/**
 * The JSON Schema Fastify validates a body with, made from the zod schema in domain/, so the
 * rule is written once. It describes the input side: transforms run after, in the handler.
 */
export function bodySchemaOf(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...jsonSchema } = z.toJSONSchema(schema, {
    target: 'draft-7',
    io: 'input',
  });
  return jsonSchema;
}
