// Small JSON Schema helpers for the OpenAPI description (/docs). Route schemas document; they do not validate:
// bodies are validated with the shared valibot schemas so the messages are the spec's (see app.ts).
export const str = (description?: string) => ({ type: 'string', ...(description ? { description } : {}) });
export const int = { type: 'integer' } as const;
export const num = { type: 'number' } as const;
export const bool = { type: 'boolean' } as const;

export const obj = (properties: Record<string, unknown>, required: string[] = Object.keys(properties)) => ({
  type: 'object',
  properties,
  required,
});
export const arr = (items: unknown) => ({ type: 'array', items });

export const detail = obj({ detail: str() });
export const fieldErrors = {
  type: 'object',
  description: 'DRF-shaped errors: {"field": ["message"]} or {"non_field_errors": ["message"]}',
  additionalProperties: arr(str()),
};
export const throttled = { ...detail, description: '429 with Retry-After: {"detail": "Request was throttled. Expected available in N seconds."}' };
