// OpenAPI tags and summaries for the commerce routes (documentation only: bodies are checked with valibot in the
// handlers, and WIRE.md has the response shapes).
const token = [{ token: [] as string[] }];

export const doc = (tag: string, summary: string, auth: 'required' | 'optional' | 'none' = 'none') => ({
  tags: [tag],
  summary,
  ...(auth === 'none' ? {} : { security: auth === 'required' ? token : [...token, {}] }),
});
