// Phrases of the fair-deals line of the table (docs/fairness.md), in every language:
// es.ts, en.ts and ar.ts merge them. Every key needs every language.

const es = {
  fairCommitted: 'Reparto verificable: compromiso {hash}…',
  fairVerified: 'Repartos verificados ✓ ({n})',
  fairFailed: '¡El reparto {deal} no supera la verificación: {what}! Estas cartas no se repartieron como se prometió.',
  fairProblem_commitment: 'su semilla no coincide con el compromiso de la mesa',
  fairProblem_seed: 'su semilla no se deriva de la del reparto anterior',
  fairProblem_deck: 'la baraja no es la que dan las semillas',
  fairProblem_hand: 'tu mano no salió de esa baraja',
  fairHelp:
    'Antes de repartir, el servidor se compromete con una semilla secreta y tu navegador añade la suya; tras cada reparto se revela la semilla y tu navegador comprueba la baraja por sí mismo.',
};

const en: typeof es = {
  fairCommitted: 'Verifiable deals: commitment {hash}…',
  fairVerified: 'Deals verified ✓ ({n})',
  fairFailed: 'Deal {deal} FAILED verification: {what}! These cards were not dealt as promised.',
  fairProblem_commitment: "its seed does not match the table's commitment",
  fairProblem_seed: "its seed does not follow from the previous deal's",
  fairProblem_deck: 'the deck is not the one the seeds give',
  fairProblem_hand: 'your hand was not dealt from that deck',
  fairHelp:
    'Before dealing, the server commits to a secret seed and your browser adds its own; after each deal the seed is revealed and your browser checks the deck itself.',
};

const ar: typeof es = {
  fairCommitted: 'توزيع قابل للتحقق: الالتزام {hash}…',
  fairVerified: 'تم التحقق من التوزيعات ✓ ({n})',
  fairFailed: 'فشل التحقق من التوزيع {deal}: {what}! لم تُوزَّع هذه الأوراق كما وُعِد.',
  fairProblem_commitment: 'بذرته لا تطابق التزام الطاولة',
  fairProblem_seed: 'بذرته لا تنبثق من بذرة التوزيع السابق',
  fairProblem_deck: 'الورق ليس الذي تعطيه البذور',
  fairProblem_hand: 'يدك لم توزَّع من هذا الورق',
  fairHelp:
    'قبل التوزيع يلتزم الخادم ببذرة سرية ويضيف متصفحك بذرته؛ بعد كل توزيع تُكشف البذرة ويتحقق متصفحك من الورق بنفسه.',
};

export const phrases = { es, en, ar };
