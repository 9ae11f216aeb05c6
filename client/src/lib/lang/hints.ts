// Phrases of the practice hint (docs/hints.md), in every language: es.ts, en.ts and ar.ts
// merge them. A reason's key from the server is `hint_` + its key; every key needs every
// language.

const es = {
  hintButton: 'Pista',
  hintAsk: 'Pedir al bot experto una sugerencia para esta jugada',
  hintThinking: 'Pensando…',
  hintSuggests: 'Sugerencia: {action}',
  hintFailed: 'Sin pista: {message}',
  hint_expert_choice: 'La elección del bot experto.',
  hint_only_action: 'Es la única jugada legal.',
  hint_kb_contract:
    'Declara {action}: unos {expected} puntos esperados en {deals} repartos simulados ({next}: {next_expected}).',
  hint_kb_contract_later:
    'Declara {action} (unos {expected} puntos): {next} daría {next_expected}, pero vale más en una mano posterior.',
  hint_kb_card: 'Juega {action}: unos {expected} puntos en este reparto, frente a {next_expected} con {next}, la siguiente mejor.',
  hint_kb_close: '{action} y {next} dan casi lo mismo; una regla práctica elige {action}.',
  hint_kb_unsure: 'Ningún reparto encaja con lo visto: eligen las reglas prácticas.',
};

const en: typeof es = {
  hintButton: 'Hint',
  hintAsk: 'Ask the expert bot for a suggestion for this move',
  hintThinking: 'Thinking…',
  hintSuggests: 'Suggestion: {action}',
  hintFailed: 'No hint: {message}',
  hint_expert_choice: "The expert bot's choice.",
  hint_only_action: 'It is the only legal move.',
  hint_kb_contract:
    'Declare {action}: about {expected} points expected over {deals} simulated deals ({next}: {next_expected}).',
  hint_kb_contract_later:
    'Declare {action} (about {expected} points): {next} would score {next_expected}, but is worth more on a later hand.',
  hint_kb_card: 'Play {action}: about {expected} points this deal, against {next_expected} with {next}, the next best.',
  hint_kb_close: '{action} and {next} score about the same; a rule of thumb picks {action}.',
  hint_kb_unsure: 'No deal fits what you have seen: the rules of thumb pick.',
};

const ar: typeof es = {
  hintButton: 'تلميح',
  hintAsk: 'اطلب من البوت الخبير اقتراحًا لهذه الحركة',
  hintThinking: 'يفكر…',
  hintSuggests: 'الاقتراح: {action}',
  hintFailed: 'لا تلميح: {message}',
  hint_expert_choice: 'اختيار البوت الخبير.',
  hint_only_action: 'إنها الحركة القانونية الوحيدة.',
  hint_kb_contract: 'أعلن {action}: نحو {expected} نقطة متوقعة في {deals} توزيعًا محاكى ({next}: {next_expected}).',
  hint_kb_contract_later: 'أعلن {action} (نحو {expected} نقطة): {next} يعطي {next_expected} لكنه أثمن في يد لاحقة.',
  hint_kb_card: 'العب {action}: نحو {expected} نقطة في هذا التوزيع، مقابل {next_expected} مع {next}، التالي في الجودة.',
  hint_kb_close: '{action} و{next} متقاربان؛ قاعدة عملية تختار {action}.',
  hint_kb_unsure: 'لا توزيع يوافق ما رأيت: تختار القواعد العملية.',
};

export const phrases = { es, en, ar };
