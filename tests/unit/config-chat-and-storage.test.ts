// The chat assistant and the object store are configured by environment variables; half a
// configuration stops the server at start with what to set, instead of failing on first use.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/features/index.ts';

describe('configuration of the chat assistant', () => {
  it('is off without a key, so the chat page can say so', () => {
    expect(loadConfig({}).assistant).toBeNull();
  });
  it('needs a model or a stored prompt with the key', () => {
    expect(() => loadConfig({ OPENAI_API_KEY: 'sk-x' })).toThrow('OPENAI_API_KEY is set: set OPENAI_MODEL or OPENAI_PROMPT_ID too');
    expect(loadConfig({ OPENAI_API_KEY: 'sk-x', OPENAI_PROMPT_ID: 'pmpt_1' }).assistant).toMatchObject({ model: null, promptId: 'pmpt_1' });
  });
  it('takes the base URL, instructions and several vector stores', () => {
    const { assistant } = loadConfig({
      OPENAI_API_KEY: 'sk-x',
      OPENAI_MODEL: 'gpt-4.1-mini',
      OPENAI_BASE_URL: 'http://llm.internal/v1',
      OPENAI_VECTOR_STORE_ID: 'vs_1, vs_2,',
      OPENAI_INSTRUCTIONS: 'Be brief.',
    });
    expect(assistant).toEqual({
      apiKey: 'sk-x',
      model: 'gpt-4.1-mini',
      promptId: null,
      baseUrl: 'http://llm.internal/v1',
      vectorStoreIds: ['vs_1', 'vs_2'],
      instructions: 'Be brief.',
    });
  });
});

describe('configuration of the object store for uploads', () => {
  it('keeps uploads in DATA_DIR when unset', () => {
    expect(loadConfig({}).objectStorage).toBeNull();
  });
  it('needs both the endpoint and the bucket', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://minio:9000' })).toThrow('Set both S3_ENDPOINT and S3_BUCKET');
    expect(() => loadConfig({ S3_BUCKET: 'uploads' })).toThrow('Set both S3_ENDPOINT and S3_BUCKET');
  });
  it('reads the region, keys and path-style addressing', () => {
    const env = { S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: 'uploads', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret', S3_FORCE_PATH_STYLE: 'true' };
    expect(loadConfig(env).objectStorage).toEqual({
      endpoint: 'http://minio:9000',
      bucket: 'uploads',
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(() => loadConfig({ ...env, S3_FORCE_PATH_STYLE: 'yes' })).toThrow('S3_FORCE_PATH_STYLE must be true or false');
  });
});
