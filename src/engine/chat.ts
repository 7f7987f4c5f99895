// The chat's one shared limit: the page stops typing at it and the server refuses beyond it.
/** Long enough for a pasted paragraph or two; the assistant's context is the real limit. */
export const QUESTION_MAX_LENGTH = 4000;
