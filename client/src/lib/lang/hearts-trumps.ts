// Phrases of the Hearts Are Trumps table, in both languages: es.ts and en.ts merge them, so a
// feature's words live beside each other. Every key needs both languages.

const es = {
  // key: 'texto',
};

export const phrases: { es: typeof es; en: Record<keyof typeof es, string> } = {
  es,
  en: {},
};
