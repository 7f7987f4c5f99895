/** The content collection of reply templates (content/collections.json, forms/content/content-reply-templates.json). */
export const REPLY_TEMPLATES = 'reply-templates';
