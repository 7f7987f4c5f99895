// The chat feature's settings: the assistant's OpenAI-compatible Responses API. Its rows join the
// one configuration table (core/config.ts).
import type { ConfigSection, ConfigValues, ConfigVariable, VariableName } from '../../core/config.ts';

const CHAT_VARIABLES = [
  {
    name: 'OPENAI_API_KEY',
    kind: 'text',
    default: null,
    description:
      "Key of the staff chat's assistant (an OpenAI-compatible Responses API); stays on the server. Unset = the chat page says no assistant is configured.",
  },
  {
    name: 'OPENAI_BASE_URL',
    kind: 'url',
    default: null,
    description: "Base URL of the Responses API (e.g. 'https://api.openai.com/v1' or a compatible service); unset = OpenAI's.",
  },
  { name: 'OPENAI_MODEL', kind: 'text', default: null, description: 'Model the chat asks (e.g. gpt-4.1-mini); set it or OPENAI_PROMPT_ID.' },
  {
    name: 'OPENAI_PROMPT_ID',
    kind: 'text',
    default: null,
    description: 'A stored prompt (with its model and tools) the chat uses instead of or with OPENAI_MODEL.',
  },
  {
    name: 'OPENAI_VECTOR_STORE_ID',
    kind: 'list',
    default: null,
    description: 'Vector store(s) the assistant searches (file_search tool), comma-separated; its citations show as #source in answers.',
  },
  { name: 'OPENAI_INSTRUCTIONS', kind: 'text', default: null, description: "The assistant's instructions (system message) for every chat answer." },
] as const satisfies readonly ConfigVariable[];

export interface AssistantConfig {
  apiKey: string;
  baseUrl: string | null;
  model: string | null;
  promptId: string | null;
  vectorStoreIds: string[];
  instructions: string | null;
}

declare module '../../core/config.ts' {
  interface FeatureSettings {
    /** The staff chat's assistant; null = not configured (the page says so). */
    assistant: AssistantConfig | null;
  }
}

/** The chat needs a key and something to ask (a model or a stored prompt); a key alone is a mistake worth stopping for. */
function readAssistantConfig(values: ConfigValues<VariableName<typeof CHAT_VARIABLES>>): AssistantConfig | null {
  const apiKey = values.text('OPENAI_API_KEY');
  const model = values.text('OPENAI_MODEL');
  const promptId = values.text('OPENAI_PROMPT_ID');
  if (!apiKey) return null;
  if (!model && !promptId) throw new Error('OPENAI_API_KEY is set: set OPENAI_MODEL or OPENAI_PROMPT_ID too (the chat needs a model to ask).');
  return {
    apiKey,
    baseUrl: values.text('OPENAI_BASE_URL'),
    model,
    promptId,
    vectorStoreIds: values.list('OPENAI_VECTOR_STORE_ID'),
    instructions: values.text('OPENAI_INSTRUCTIONS'),
  };
}

export const chatConfig: ConfigSection<'assistant'> = { key: 'assistant', variables: CHAT_VARIABLES, read: readAssistantConfig };
