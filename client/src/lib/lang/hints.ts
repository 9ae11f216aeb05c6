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
  hint_ba_card:
    'Juega {action}: unos {expected} puntos de partida para tu pareja en este reparto, frente a {next_expected} con {next}, la siguiente mejor.',
  hint_ba_close: '{action} y {next} dan casi lo mismo; una regla práctica elige {action}.',
  hint_ba_bid: 'Di {action} (las reglas prácticas de la subasta): unos {expected} puntos de partida para tu pareja en {deals} repartos simulados.',
  hint_ba_double:
    '{action} (las reglas prácticas): unos {expected} puntos de partida para tu pareja en {deals} repartos simulados; {next}: {next_expected}.',
  hint_ba_project: 'Declara tu {project} antes de jugar tu primera carta ({rule}).',
  hint_ba_unsure: 'Ningún reparto encaja con lo visto: eligen las reglas prácticas.',
  // Hearts Are Trumps: the action line already shows the placement (loot/attacker/defender),
  // so the reason says why (what it wins and keeps), never which card goes where.
  hint_ht_place:
    'Tu atacante gana el botín del rival en el {attacker_wins}\u00a0% de las manos simuladas y tu defensor guarda el tuyo en el {defender_holds}\u00a0%: unos {expected} puntos de ventaja en esta mano, contando la carrera de botines, frente a {next_expected} con {next}.',
  hint_ht_close:
    'Tu atacante gana el botín del rival en el {attacker_wins}\u00a0% de las manos simuladas y tu defensor guarda el tuyo en el {defender_holds}\u00a0%: vale lo mismo que {next} (unos {expected} puntos); eligen las reglas prácticas.',
  hint_jo_open: 'Abre: tus combinaciones suman {points} puntos (hacen falta {needed}, JO-8).',
  hint_jo_meld: 'Baja {meld}: este turno bajas {points} puntos (JO-9).',
  hint_jo_lay: 'Añade {card} a {meld}: este turno bajas {points} puntos (JO-9).',
  hint_jo_swap: 'Pon {card} en el lugar del comodín de {meld} y llévate el comodín: este turno bajas {points} puntos (JO-9).',
  hint_jo_draw: 'Roba del mazo: ninguna carta de los descartes combina ahora.',
  hint_jo_rated:
    '{action}: unos {expected} puntos frente a la media de los demás en {deals} simulaciones; {next}: {next_expected}.',
  hint_jo_close:
    '{action}, la regla práctica: las simulaciones no encuentran nada claramente mejor ({next}: {next_expected}, frente a {expected}).',
  hint_card_top: 'No queda fuera ninguna carta de {suit} más alta: {card} es la mejor que queda.',
  hint_card_void: '{after} no tiene {suit}: lo mostró al no seguir el palo ({rule}).',
  hint_card_keep: 'Guarda {card}: {out} sigue fuera.',
  hint_card_keep_top: 'Guarda {card}: no queda fuera ninguna carta de {suit} más alta.',
  hint_card_out:
    '{count, plural, one {Queda fuera # carta más alta de su palo: {out}.} other {Quedan fuera # cartas más altas de su palo; la más alta, {out}.}}',
  hint_ht_odds:
    'De las {unseen} cartas que no has visto, {attacker_beaten} ganan a tu atacante {attacker} y {defender_beaten} a tu defensor {defender}.',
  hint_jo_goes_out: 'Y este turno cierras: todas tus cartas a la mesa ({rule}).',
  hint_jo_loose:
    '{card} no entra en ninguna combinación, ni tuya ni de la mesa, y cuesta {penalty} puntos si la ronda acaba en tu mano ({rule}).',
  hint_after_1: 'El jugador siguiente',
  hint_after_2: 'El jugador de enfrente',
  hint_after_3: 'El jugador anterior',
  hint_do_draw: 'robar del mazo',
  hint_do_take: 'llevarte {n} de los descartes',
  hint_do_discard: 'descartar {card}',
  hint_do_lay: 'añadir {card}',
  hint_do_swap: 'cambiar el comodín por {card}',
  hint_do_open: 'abrir con {melds}',
  hint_do_meld: 'bajar {melds}',
  hint_joker_as: 'un comodín como {card}',
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
  hint_ba_card:
    'Play {action}: about {expected} game points for your team this deal, against {next_expected} with {next}, the next best.',
  hint_ba_close: '{action} and {next} score about the same; a rule of thumb picks {action}.',
  hint_ba_bid: 'Say {action} (the bidding rules of thumb): about {expected} game points for your team over {deals} simulated deals.',
  hint_ba_double:
    '{action} (the rules of thumb): about {expected} game points for your team over {deals} simulated deals; {next}: {next_expected}.',
  hint_ba_project: 'Declare your {project} before you play your first card ({rule}).',
  hint_ba_unsure: 'No deal fits what you have seen: the rules of thumb pick.',
  hint_ht_place:
    "Your attacker takes your opponent's loot in {attacker_wins}% of the hands sampled and your defender keeps yours in {defender_holds}%: about {expected} points on your opponent this hand, the loot race included, against {next_expected} with {next}.",
  hint_ht_close:
    "Your attacker takes your opponent's loot in {attacker_wins}% of the hands sampled and your defender keeps yours in {defender_holds}%: worth the same as {next} (about {expected} points); the rules of thumb pick.",
  hint_jo_open: 'Open: your melds make {points} points ({needed} needed, JO-8).',
  hint_jo_meld: 'Put down {meld}: this turn puts down {points} points (JO-9).',
  hint_jo_lay: 'Lay off {card} on {meld}: this turn puts down {points} points (JO-9).',
  hint_jo_swap: "Put {card} in the joker's place in {meld} and take the joker: this turn puts down {points} points (JO-9).",
  hint_jo_draw: 'Draw from the stock: no card of the discards melds at once.',
  hint_jo_rated:
    "{action}: about {expected} points against the others' average over {deals} play-outs; {next}: {next_expected}.",
  hint_jo_close:
    '{action}, the rule of thumb: the play-outs find nothing surely better ({next}: {next_expected}, against {expected}).',
  hint_card_top: 'No higher {suit} are out: {card} is the best of them left.',
  hint_card_void: '{after} has no {suit}: shown by a card off suit ({rule}).',
  hint_card_keep: 'Keep {card}: {out} is still out.',
  hint_card_keep_top: 'Keep {card}: no higher {suit} are out.',
  hint_card_out:
    '{count, plural, one {# higher card of its suit is still out: {out}.} other {# higher cards of its suit are still out, {out} the highest.}}',
  hint_ht_odds:
    'Of the {unseen} cards you have not seen, {attacker_beaten} beat your attacker {attacker} and {defender_beaten} your defender {defender}.',
  hint_jo_goes_out: 'And this turn goes out: every card onto the table ({rule}).',
  hint_jo_loose:
    '{card} fits no meld, in your hand or on the table, and costs {penalty} points if the round ends in your hand ({rule}).',
  hint_after_1: 'The next player',
  hint_after_2: 'The player opposite',
  hint_after_3: 'The player before you',
  hint_do_draw: 'draw from the stock',
  hint_do_take: 'take {n} from the discards',
  hint_do_discard: 'discard {card}',
  hint_do_lay: 'lay off {card}',
  hint_do_swap: 'swap the joker for {card}',
  hint_do_open: 'open with {melds}',
  hint_do_meld: 'meld {melds}',
  hint_joker_as: 'a joker as {card}',
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
  hint_ba_card: 'العب {action}: نحو {expected} نقطة لفريقك في هذه الجولة، مقابل {next_expected} مع {next}، التالي في الجودة.',
  hint_ba_close: '{action} و{next} متقاربان؛ قاعدة عملية تختار {action}.',
  hint_ba_bid: 'قل {action} (قواعد المزايدة العملية): نحو {expected} نقطة لفريقك في {deals} توزيعًا محاكى.',
  hint_ba_double: '{action} (القواعد العملية): نحو {expected} نقطة لفريقك في {deals} توزيعًا محاكى؛ {next}: {next_expected}.',
  hint_ba_project: 'أعلن {project} قبل أن تلعب ورقتك الأولى ({rule}).',
  hint_ba_unsure: 'لا توزيع يوافق ما رأيت: تختار القواعد العملية.',
  hint_ht_place:
    'مهاجمك يكسب غنيمة خصمك في {attacker_wins}% من الأيدي المحاكاة ومدافعك يحمي غنيمتك في {defender_holds}%: نحو {expected} نقطة على خصمك في هذه اليد مع سباق الغنائم، مقابل {next_expected} مع {next}.',
  hint_ht_close:
    'مهاجمك يكسب غنيمة خصمك في {attacker_wins}% من الأيدي المحاكاة ومدافعك يحمي غنيمتك في {defender_holds}%: تساوي {next} (نحو {expected} نقطة)؛ تختار القواعد العملية.',
  hint_jo_open: 'افتح: مجموعاتك تساوي {points} نقطة (المطلوب {needed}، JO-8).',
  hint_jo_meld: 'أنزل {meld}: في هذا الدور تنزل {points} نقطة (JO-9).',
  hint_jo_lay: 'أضف {card} إلى {meld}: في هذا الدور تنزل {points} نقطة (JO-9).',
  hint_jo_swap: 'ضع {card} مكان الجوكر في {meld} وخذ الجوكر: في هذا الدور تنزل {points} نقطة (JO-9).',
  hint_jo_draw: 'اسحب من الكومة: لا ورقة من المرمى تكوّن مجموعة الآن.',
  hint_jo_rated: '{action}: نحو {expected} نقطة مقابل متوسط الآخرين في {deals} محاكاة؛ {next}: {next_expected}.',
  hint_jo_close: '{action}، القاعدة العملية: لم تجد المحاكاة ما هو أفضل بوضوح ({next}: {next_expected}، مقابل {expected}).',
  hint_card_top: 'لا ورقة {suit} أعلى خارج يدك: {card} هي الأعلى المتبقية.',
  hint_card_void: '{after} ليس لديه {suit}: ظهر ذلك حين لم يتبع اللون ({rule}).',
  hint_card_keep: 'احتفظ بـ{card}: {out} ما زالت في الخارج.',
  hint_card_keep_top: 'احتفظ بـ{card}: لا ورقة {suit} أعلى منها في الخارج.',
  hint_card_out:
    '{count, plural, one {ما زالت ورقة واحدة أعلى من لونها في الخارج: {out}.} two {ما زالت ورقتان أعلى من لونها في الخارج، أعلاهما {out}.} few {ما زالت # أوراق أعلى من لونها في الخارج، أعلاها {out}.} other {ما زالت # ورقة أعلى من لونها في الخارج، أعلاها {out}.}}',
  hint_ht_odds: 'من {unseen} ورقة لم ترها، {attacker_beaten} تغلب مهاجمك {attacker} و{defender_beaten} تغلب مدافعك {defender}.',
  hint_jo_goes_out: 'وفي هذا الدور تنهي: كل أوراقك على الطاولة ({rule}).',
  hint_jo_loose: '{card} لا تدخل في أي مجموعة، لا في يدك ولا على الطاولة، وتكلّف {penalty} نقطة إن انتهت الجولة وهي في يدك ({rule}).',
  hint_after_1: 'اللاعب التالي',
  hint_after_2: 'اللاعب المقابل',
  hint_after_3: 'اللاعب السابق',
  hint_do_draw: 'اسحب من الكومة',
  hint_do_take: 'خذ {n} من المرمى',
  hint_do_discard: 'ارمِ {card}',
  hint_do_lay: 'أضف {card}',
  hint_do_swap: 'بدّل الجوكر بـ{card}',
  hint_do_open: 'افتح بـ{melds}',
  hint_do_meld: 'أنزل {melds}',
  hint_joker_as: 'جوكرًا بدل {card}',
};

export const phrases = { es, en, ar };
