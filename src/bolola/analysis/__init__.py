"""Post-match analysis (``bolola analyse``): every decision of a record judged with every
hand known, by the game's own judge (``registry.Entry.judge``) or the generic one.

- :mod:`.judgement`: the values, a decision's judgement, the judge hook and its budget;
- :mod:`.generic`: the judge every game gets (exact search when small, else play-outs);
- :mod:`.review`: a record's decisions judged one at a time, and the seats' summaries;
- :mod:`.report`: the text form; :mod:`.cli`: the command; :mod:`.bench`: its cost.
"""
