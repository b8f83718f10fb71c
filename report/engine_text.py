"""The tally's own English sentences, in the report's language (issue 20, item 7).

The rules write a few free texts into the result (interfaces.md §3): why a vote did not count
(``votes[].note``), what a violation was (``violations[].note``), what an ability did
(``private.effects[].effect``), a note of the day (``notes[]``, "LM-02: Bea's day vote carried
into the runoff") and what could not be read of a post (``review[].text``). They stay English in
the JSON (the contract); a report in Greek, Italian or Russian says them in its own words, with the
names in them declined (report/grammar.py) and the words of the game file (a cause, a state) from
report/gamewords.py.

:data:`TEXTS` lists every sentence the tally writes as a pattern and its four renderings;
``None`` marks a sentence that only repeats what its line already says in the report's words
(``vote for oneself`` beside V-SELF's message): it is left out. A text no pattern knows (a post's
own words, the text of a vote) is printed as it is. ``tests/report/test_engine_text.py`` finds
every sentence of ``tally/`` and checks it has its row.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from votal.report import gamewords
from votal.report.i18n import LANGUAGES, format_phrase

Row = dict[str, str] | None

# The named groups translated through a table of words instead of printed as they are.
_WORD_GROUPS: dict[str, Callable[[str, str], str]] = {
    "cause": gamewords.cause, "state": gamewords.state, "parts": gamewords.post_parts,
    "kind": gamewords.kind, "next": gamewords.next_step,
}
# The named groups that are themselves a sentence of the tally (an event's label, a reason)
_NESTED = frozenset({"event", "what", "why", "first", "later"})

# (pattern of the English sentence, its rendering per language or None: nothing to add)
TEXTS: tuple[tuple[str, Row], ...] = (
    # -- why a vote did not count (votes[].note) ---------------------------------------------------
    (r"after the deadline", {
        "el": "μετά τη λήξη της ψηφοφορίας", "it": "dopo la chiusura della votazione",
        "ru": "после окончания голосования", "en": "after the deadline"}),
    (r"voter is (?P<state>\w+)", {
        "el": "ο ψηφοφόρος είναι {state}", "it": "chi vota è {state}",
        "ru": "голосующий — {state}", "en": "the voter is {state}"}),
    (r"vote for oneself", None),
    (r"(?P<who>.+) cannot be voted \((?P<cause>[\w-]+)\)", {
        "el": "{who} ({cause})", "it": "{who} ({cause})", "ru": "{who} ({cause})",
        "en": "{who} ({cause})"}),
    (r"(?P<who>.+) cannot be voted at the hammer", {
        "el": "{who:nom} δεν ψηφιζόταν πια τη στιγμή της πλειοψηφίας",
        "it": "{who} non era più votabile al momento della maggioranza",
        "ru": "за {who:acc} уже нельзя было голосовать в момент набора большинства",
        "en": "{who} could no longer be voted at the hammer"}),
    (r"(?P<who>.+) was lynched earlier today", {
        "el": "{who:nom} αποχώρησε νωρίτερα την ίδια ημέρα",
        "it": "{who}: già fuori dal gioco lo stesso giorno",
        "ru": "{who}: выбывание по голосованию раньше в тот же день",
        "en": "{who} was lynched earlier today"}),
    (r"not at the beginning of a line \(votes_at_line_start\)", {
        "el": "όχι στην αρχή γραμμής (votes_at_line_start)",
        "it": "non all'inizio di una riga (votes_at_line_start)",
        "ru": "не в начале строки (votes_at_line_start)",
        "en": "not at the beginning of a line (votes_at_line_start)"}),
    (r"changed later", {"el": "άλλαξε αργότερα", "it": "cambiato in seguito",
                        "ru": "изменён позже", "en": "changed later"}),
    (r"unvoted", {"el": "αναιρέθηκε", "it": "ritirato", "ru": "снят", "en": "unvoted"}),
    (r"unvote", None),
    (r"voter not active at the deadline", None),
    (r"voter not active at the hammer", {
        "el": "ο ψηφοφόρος δεν ήταν πια στο παιχνίδι τη στιγμή της πλειοψηφίας",
        "it": "chi vota non era più in gioco al momento della maggioranza",
        "ru": "голосующий выбыл до набора большинства",
        "en": "the voter was no longer in the game at the hammer"}),
    (r"voter lynched earlier today", {
        "el": "ο ψηφοφόρος αποχώρησε νωρίτερα την ίδια ημέρα",
        "it": "chi vota è già fuori dal gioco lo stesso giorno",
        "ru": "голосующий выбыл по голосованию раньше в тот же день",
        "en": "the voter was lynched earlier today"}),
    (r"a ghost's vote from before his death", {
        "el": "ψήφος που δόθηκε πριν ο ψηφοφόρος γίνει φάντασμα",
        "it": "voto dato prima di diventare fantasma",
        "ru": "голос, поданный до перехода в призраки",
        "en": "a vote cast before the voter became a ghost"}),
    (r"no reasons given", None),
    (r"same vote again", {"el": "η ίδια ψήφος ξανά", "it": "lo stesso voto di nuovo",
                          "ru": "тот же голос повторно", "en": "the same vote again"}),
    (r"a vote cannot be changed", {
        "el": "η ψήφος δεν αλλάζει", "it": "il voto non si può cambiare",
        "ru": "менять отданный голос не разрешается", "en": "a vote cannot be changed"}),
    (r"agrees with post (?P<post>\S+)", {
        "el": "συμφωνεί με την ψήφο του μηνύματος {post}",
        "it": "si unisce al voto del messaggio {post}",
        "ru": "согласие с голосом из сообщения {post}", "en": "agrees with post {post}"}),
    (r"removed by the parroco", {
        "el": "αφαιρέθηκε από τον Ιερέα", "it": "tolto dal Parroco", "ru": "снят священником",
        "en": "removed by the parroco"}),
    (r"after the hammer", None),
    (r"before the votes were reset", {
        "el": "πριν από τον μηδενισμό των ψήφων", "it": "prima dell'azzeramento dei voti",
        "ru": "до обнуления голосов", "en": "before the votes were reset"}),
    (r"decided the lynch of (?P<who>.+), then votes reset", {
        "el": "έκρινε την αποχώρηση {who:gen}· μετά οι ψήφοι μηδενίστηκαν",
        "it": "ha deciso l'uscita di {who}, poi i voti sono stati azzerati",
        "ru": "решил выбывание {who:gen}, затем голоса обнулены",
        "en": "decided the lynch of {who}, then the votes were reset"}),
    (r"no further majority before the deadline", {
        "el": "καμία νέα πλειοψηφία πριν από τη λήξη",
        "it": "nessun'altra maggioranza prima della chiusura",
        "ru": "нового большинства до окончания не было",
        "en": "no further majority before the deadline"}),
    (r"a vote while another stands, without an unvote", {
        "el": "νέα ψήφος ενώ ισχύει άλλη, χωρίς αναίρεση",
        "it": "un voto mentre un altro è in piedi, senza unvote",
        "ru": "новый голос при действующем, без снятия прежнего",
        "en": "a vote while another stands, without an unvote"}),
    (r"thread locked", {"el": "το θέμα ήταν κλειδωμένο", "it": "discussione chiusa",
                        "ru": "тема закрыта", "en": "the thread was locked"}),
    (r"after the change window", None),
    (r"vote locked by the extra-vote card", {
        "el": "ψήφος κλειδωμένη από την κάρτα Επιπλέον Ψήφος",
        "it": "voto bloccato dalla carta del voto in più",
        "ru": "голос закреплён картой дополнительного голоса",
        "en": "vote locked by the extra-vote card"}),
    (r"window post with other text, ignored as deleted", {
        "el": "λογίζεται ως διαγραμμένο", "it": "considerato cancellato",
        "ru": "считается удалённым", "en": "treated as deleted"}),
    (r"no vote standing at 20:00", None),
    (r"second change in the window", None),
    (r"window change", {"el": "αλλαγή στο παράθυρο", "it": "cambio nella finestra",
                        "ru": "смена в окне", "en": "window change"}),
    (r"changed in the window", {
        "el": "άλλαξε στο παράθυρο αλλαγής", "it": "cambiato nella finestra di cambio",
        "ru": "изменён в окне смены голоса", "en": "changed in the window"}),
    (r"cancelled by a card", {
        "el": "ακυρώθηκε με την κάρτα Ακύρωση Ψήφου", "it": "annullato da una carta",
        "ru": "аннулирован картой", "en": "cancelled by a card"}),
    (r"votes reset by the moderator", {
        "el": "οι ψήφοι μηδενίστηκαν από τη ΣΕ", "it": "voti azzerati dal master",
        "ru": "голоса обнулены ведущим", "en": "votes reset by the moderator"}),
    (r"several red names: (?P<text>.*)", {
        "el": "πολλά κόκκινα ονόματα: {text}", "it": "più nomi in rosso: {text}",
        "ru": "несколько красных ников: {text}", "en": "several red names: {text}"}),
    (r"not the first post in the vote thread", None),
    (r"outside the presence window", {
        "el": "εκτός των ωρών υποχρεωτικής παρουσίας",
        "it": "fuori dall'orario di presenza obbligatoria",
        "ru": "вне времени обязательного присутствия",
        "en": "outside the hours of compulsory presence"}),
    (r"ballot (?P<n>\d+)", {"el": "ψήφος αρ. {n}", "it": "scheda {n}", "ru": "бюллетень {n}",
                             "en": "ballot {n}"}),
    (r"a name without colour \(MB-02\)", {
        "el": "όνομα χωρίς χρώμα", "it": "nome senza colore", "ru": "ник без цвета",
        "en": "a name without colour"}),
    # -- what a violation was (violations[].note) --------------------------------------------------
    (r"posted while the thread is locked", None),
    (r"window post without a vote", {
        "el": "μήνυμα στο παράθυρο χωρίς ψήφο", "it": "messaggio nella finestra senza voto",
        "ru": "сообщение в окне без голоса", "en": "window post without a vote"}),
    (r"only the first post counts", None),
    (r"a vote mark by someone not in the game", None),
    (r"(?P<name>.+) is not marked in red", {
        "el": "«{name}» όχι σε κόκκινο", "it": "«{name}» non in rosso",
        "ru": "«{name}» не выделен красным", "en": "«{name}» not marked in red"}),
    (r"first version: (?P<first>.*); version seen (?P<seen>\S+): (?P<later>.*)", {
        "el": "πρώτη εκδοχή: {first}· εκδοχή που φάνηκε {seen}: {later}",
        "it": "prima versione: {first}; versione vista il {seen}: {later}",
        "ru": "первая версия: {first}; версия, замеченная {seen}: {later}",
        "en": "first version: {first}; version seen {seen}: {later}"}),
    (r"no vote", {"el": "καμία ψήφος", "it": "nessun voto", "ru": "голоса нет", "en": "no vote"}),
    (r"posted while (?P<cause>[\w-]+)", {
        "el": "{cause}", "it": "{cause}", "ru": "{cause}", "en": "{cause}"}),
    (r"abstention (?P<n>\d+) of at most (?P<limit>\d+)", {
        "el": "αποχή {n} από {limit} το πολύ", "it": "astensione {n} su un massimo di {limit}",
        "ru": "воздержание {n} при лимите {limit}", "en": "abstention {n} of at most {limit}"}),
    # -- what an ability did (private effects) -----------------------------------------------------
    (r"late choice: no choice", {
        "el": "επιλογή εκπρόθεσμη: καμία επιλογή", "it": "scelta in ritardo: nessuna scelta",
        "ru": "выбор опоздал: выбора нет", "en": "late choice: no choice"}),
    (r"already saved twice: no effect", {
        "el": "δύο διασώσεις ήδη: χωρίς αποτέλεσμα",
        "it": "due salvataggi già usati: nessun effetto",
        "ru": "два спасения уже использованы: без последствий",
        "en": "already saved twice: no effect"}),
    (r"saved from the vote", {
        "el": "διάσωση από την ψηφοφορία", "it": "salvataggio dal voto",
        "ru": "спасение от голосования", "en": "saved from the vote"}),
    (r"the kamikaze's victim", {
        "el": "θύμα του καμικάζι", "it": "vittima del kamikaze", "ru": "жертва камикадзе",
        "en": "the kamikaze's victim"}),
    (r"not voted out today: the victim does not follow the vote", {
        "el": "δεν αποχώρησε με τη σημερινή ψηφοφορία: το θύμα δεν ακολουθεί",
        "it": "non esce al voto di oggi: la vittima non lo segue",
        "ru": "не выбывает сегодня по голосованию: жертва не следует за ним",
        "en": "not voted out today: the victim does not follow the vote"}),
    (r"no such vote to remove", {
        "el": "καμία τέτοια ψήφος για αφαίρεση", "it": "nessun voto simile da togliere",
        "ru": "такого голоса нет", "en": "no such vote to remove"}),
    (r"(?P<who>.+)'s vote removed", {
        "el": "αφαιρέθηκε η ψήφος {who:gen}", "it": "tolto il voto di {who}",
        "ru": "снят голос {who:gen}", "en": "{who}'s vote removed"}),
    (r"(?P<who>.+)'s runoff vote removed", {
        "el": "αφαιρέθηκε η ψήφος {who:gen} στη δεύτερη ψηφοφορία",
        "it": "tolto il voto di {who} al ballottaggio",
        "ru": "снят голос {who:gen} в переголосовании", "en": "{who}'s runoff vote removed"}),
    (r"no such runoff vote", {
        "el": "καμία τέτοια ψήφος στη δεύτερη ψηφοφορία",
        "it": "nessun voto simile al ballottaggio", "ru": "такого голоса в переголосовании нет",
        "en": "no such runoff vote"}),
    (r"cursed by draw", {"el": "κατάρα με κλήρωση", "it": "maledizione per sorteggio",
                         "ru": "проклятие по жребию", "en": "cursed by draw"}),
    (r"vote cancelled", {"el": "Ακύρωση Ψήφου", "it": "voto annullato",
                         "ru": "голос аннулирован", "en": "vote cancelled"}),
    (r"no counted vote: no effect", {
        "el": "καμία ψήφος που μετρά: χωρίς αποτέλεσμα",
        "it": "nessun voto valido: nessun effetto",
        "ru": "учтённого голоса нет: без последствий", "en": "no counted vote: no effect"}),
    (r"one extra vote", {"el": "μία Επιπλέον Ψήφος", "it": "un voto in più",
                         "ru": "один дополнительный голос", "en": "one extra vote"}),
    (r"cop swap blocked", {
        "el": "η αντιστροφή του Διεφθαρμένου Αστυνομικού μπλοκαρίστηκε",
        "it": "scambio del poliziotto corrotto bloccato",
        "ru": "обмен голосов продажного полицейского заблокирован",
        "en": "the corrupt cop's swap blocked"}),
    (r"vote counts swapped", {"el": "αντιστροφή ψήφων", "it": "voti scambiati",
                              "ru": "голоса переставлены", "en": "vote counts swapped"}),
    (r"lawyer blocked", {"el": "ο Δικηγόρος μπλοκαρίστηκε", "it": "avvocato bloccato",
                         "ru": "адвокат заблокирован", "en": "the lawyer blocked"}),
    (r"(?P<n>\d+) votes set to zero", {
        "el": "ψήφοι που μηδενίστηκαν: {n}", "it": "voti azzerati: {n}",
        "ru": "обнулено голосов: {n}", "en": "votes set to zero: {n}"}),
    (r"mayor's vote counted double", {
        "el": "η ψήφος του δημάρχου μετράει διπλή", "it": "il voto del sindaco conta doppio",
        "ru": "голос мэра засчитан дважды", "en": "the mayor's vote counted double"}),
    (r"out for good: Necromancy has no effect", {
        "el": "οριστικά εκτός: η Νεκροφάνεια δεν έχει αποτέλεσμα",
        "it": "fuori per sempre: la negromanzia non ha effetto",
        "ru": "окончательно вне игры: некромантия не действует",
        "en": "out for good: Necromancy has no effect"}),
    # -- notes of the day (notes[], "RULE: text"; the rule id is printed apart) --------------------
    (r"MB-05: the lawyer defended blindly", {
        "el": "Ο δικηγόρος υπερασπίστηκε στα τυφλά.", "it": "L'avvocato ha difeso alla cieca.",
        "ru": "Адвокат защищал вслепую.", "en": "The lawyer defended blindly."}),
    (r"MB-06: players removed for no vote; the host may keep the leader", {
        "el": "Αποκλεισμός για μη ψήφο· η ΣΕ μπορεί να κρατήσει στο παιχνίδι τον πρώτο.",
        "it": "Rimozione per mancato voto; il master può tenere in gioco chi ha più voti.",
        "ru": "Удаление за отказ от голосования; ведущий может оставить лидера голосования.",
        "en": "Removal for no vote; the host may keep the leader."}),
    (r"MB-02: (?P<who>.+)'s removal depends on review item \(post (?P<post>\S+)\)", {
        "el": "Ο αποκλεισμός {who:gen} εξαρτάται από τον έλεγχο του μηνύματος {post}.",
        "it": "L'uscita di {who} dipende dalla verifica del messaggio {post}.",
        "ru": "Удаление {who:gen} зависит от проверки сообщения {post}.",
        "en": "{who}'s removal depends on the review of post {post}."}),
    (r"MB-09: (?P<by>.+), voted out, takes (?P<player>.+) with him", {
        "el": "Ο καμικάζι που αποχωρεί με την ψηφοφορία, {by}, παίρνει μαζί: {player}.",
        "it": "Il kamikaze uscito al voto, {by}, porta con sé {player}.",
        "ru": "Камикадзе {by}, выбывая по голосованию, забирает с собой {player:acc}.",
        "en": "The kamikaze {by}, voted out, takes {player} along."}),
    (r"MS-02: hammer by (?P<who>.+) in post (?P<post>\S+)", {
        "el": "Η καθοριστική ψήφος: {who}, μήνυμα {post}.",
        "it": "Voto decisivo: {who}, messaggio {post}.",
        "ru": "Решающий голос: {who}, сообщение {post}.", "en": "Hammer by {who} in post {post}."}),
    (r"MS-06: no further majority after the last lynch; the tally is the count that decided it", {
        "el": "Καμία νέα πλειοψηφία μετά την τελευταία αποχώρηση· η καταμέτρηση είναι αυτή που "
              "την έκρινε.",
        "it": "Nessun'altra maggioranza dopo l'ultima uscita; il conteggio è quello che l'ha "
              "decisa.",
        "ru": "После последнего выбывания нового большинства не было; подсчёт — тот, что его "
              "решил.",
        "en": "No further majority after the last lynch; the tally is the count that decided "
              "it."}),
    (r"LM-02: (?P<who>.+)'s day vote carried into the runoff", {
        "el": "Η ψήφος ημέρας {who:gen} μετρά και στη δεύτερη ψηφοφορία.",
        "it": "Il voto di {who} della giornata vale anche per il ballottaggio.",
        "ru": "Дневной голос {who:gen} перенесён в переголосование.",
        "en": "{who}'s day vote carried into the runoff."}),
    (r"ruling: «(?P<text>.*)» in post (?P<post>\S+) is no vote \((?P<event>.+)\)", {
        "el": "Απόφαση της ΣΕ ({event}): το «{text}» στο μήνυμα {post} δεν είναι ψήφος.",
        "it": "Decisione del master ({event}): «{text}» nel messaggio {post} non è un voto.",
        "ru": "Решение ведущего ({event}): «{text}» в сообщении {post} — не голос.",
        "en": "Ruling ({event}): «{text}» in post {post} is no vote."}),
    (r"ruling: «(?P<text>.*)» in post (?P<post>\S+) is a vote for (?P<who>.+) "
     r"\((?P<event>.+)\)", {
        "el": "Απόφαση της ΣΕ ({event}): το «{text}» στο μήνυμα {post} είναι ψήφος {who:se}.",
        "it": "Decisione del master ({event}): «{text}» nel messaggio {post} è un voto per "
              "{who}.",
        "ru": "Решение ведущего ({event}): «{text}» в сообщении {post} — голос за {who:acc}.",
        "en": "Ruling ({event}): «{text}» in post {post} is a vote for {who}."}),
    (r"ruling: post (?P<post>\S+), in review \((?P<what>.*)\), is no vote "
     r"\((?P<event>.+)\)", {
        "el": "Απόφαση της ΣΕ ({event}): το μήνυμα {post} ({what}) δεν είναι ψήφος.",
        "it": "Decisione del master ({event}): il messaggio {post} ({what}) non è un voto.",
        "ru": "Решение ведущего ({event}): сообщение {post} ({what}) — не голос.",
        "en": "Ruling ({event}): post {post} ({what}) is no vote."}),
    (r"ruling: post (?P<post>\S+), in review \((?P<what>.*)\), is a vote for (?P<who>.+) "
     r"\((?P<event>.+)\)", {
        "el": "Απόφαση της ΣΕ ({event}): το μήνυμα {post} ({what}) είναι ψήφος {who:se}.",
        "it": "Decisione del master ({event}): il messaggio {post} ({what}) è un voto per "
              "{who}.",
        "ru": "Решение ведущего ({event}): сообщение {post} ({what}) — голос за {who:acc}.",
        "en": "Ruling ({event}): post {post} ({what}) is a vote for {who}."}),
    (r"event #(?P<n>\d+) \((?P<type>[\w/-]+)\)", {
        "el": "συμβάν #{n}", "it": "evento #{n}", "ru": "событие #{n}", "en": "event #{n}"}),
    # -- the audit's findings (audit/compare.py, audit/replay.py) -------------------------------
    (r"votal's outcome is (?P<kind>[\w-]+) \((?P<players>.*)\)", {
        "el": "το votal βρίσκει: {kind} ({players})", "it": "per votal: {kind} ({players})",
        "ru": "у votal: {kind} ({players})", "en": "votal's outcome is {kind} ({players})"}),
    (r"votal's outcome is (?P<kind>[\w-]+)", {
        "el": "το votal βρίσκει: {kind}", "it": "per votal: {kind}", "ru": "у votal: {kind}",
        "en": "votal's outcome is {kind}"}),
    (r"the count says (?P<n>\d+) but lists (?P<m>\d+) voter\(s\)", {
        "el": "η καταμέτρηση γράφει {n}, αλλά στη λίστα της είναι {m:voters}",
        "it": "il conteggio dice {n}, ma la lista conta {m:voters}",
        "ru": "в подсчёте {n}, а в списке {m:voters}",
        "en": "the count says {n} but lists {m:voters}"}),
    (r"the count says (?P<n>\d+) but lists (?P<m>\d+) voter\(s\) and (?P<k>\d+) extra vote\(s\)", {
        "el": "η καταμέτρηση γράφει {n}, αλλά στη λίστα της είναι {m:voters} και {k} επιπλέον",
        "it": "il conteggio dice {n}, ma la lista conta {m:voters} e {k} in più",
        "ru": "в подсчёте {n}, а в списке {m:voters} и {k} дополнительных",
        "en": "the count says {n} but lists {m:voters} and {k:votes} more"}),
    (r"the count gives (?P<who>.+) an extra vote", {
        "el": "η καταμέτρηση δίνει μία επιπλέον ψήφο: {who}",
        "it": "il conteggio dà a {who} un voto in più",
        "ru": "в подсчёте дополнительный голос: {who}",
        "en": "the count gives {who} an extra vote"}),
    (r"'(?P<name>.+)' is no player of the game", {
        "el": "το «{name}» δεν είναι παίκτης του παιχνιδιού",
        "it": "«{name}» non è un giocatore della partita",
        "ru": "«{name}» — не игрок этой партии", "en": "«{name}» is no player of the game"}),
    (r"tie decided by (?P<next>\w+)", {
        "el": "ισοψηφία· απόφαση με {next}", "it": "parità decisa al {next}",
        "ru": "равенство голосов решается {next}", "en": "tie decided by {next}"}),
    # -- what could not be read of a post (review[].text of V-UNREADABLE-POST) ---------------------
    (r"post (?P<post>\S+): (?P<parts>[a-z, ]+) not found", {
        "el": "μήνυμα {post}: χωρίς {parts}", "it": "messaggio {post}: senza {parts}",
        "ru": "сообщение {post}: без {parts}", "en": "post {post}: {parts} not found"}),
    (r"(?P<parts>[a-z, ]+) not found", {
        "el": "χωρίς {parts}", "it": "senza {parts}", "ru": "без {parts}",
        "en": "{parts} not found"}),
    (r"post body read only in part \((?P<why>.*)\); what follows may hold a vote", {
        "el": "το κείμενο διαβάστηκε μόνο εν μέρει ({why})· ό,τι ακολουθεί μπορεί να έχει ψήφο",
        "it": "testo letto solo in parte ({why}); il resto può contenere un voto",
        "ru": "текст прочитан не полностью ({why}); дальше может быть голос",
        "en": "post body read only in part ({why}); what follows may hold a vote"}),
    (r"nested more than 2048 levels deep", {
        "el": "πάνω από 2048 επίπεδα εμφώλευσης", "it": "annidato oltre 2048 livelli",
        "ru": "вложенность больше 2048 уровней", "en": "nested more than 2048 levels deep"}),
    (r"post body the HTML parser gave up \((?P<why>.*)\)", {
        "el": "το κείμενο δεν διαβάστηκε: ο αναλυτής HTML σταμάτησε ({why})",
        "it": "testo non letto: il parser HTML si è fermato ({why})",
        "ru": "текст не прочитан: разбор HTML прервался ({why})",
        "en": "post body not read: the HTML parser gave up ({why})"}),
)

_COMPILED = tuple((re.compile(p), row) for p, row in TEXTS)
_RULE_PREFIX = re.compile(r"(?P<rule>[A-Z]{1,3}-\d{2}): ")


def translate(text: str, lang: str, esc: Callable[[str], str] = str) -> str | None:
    """``text`` of the tally in ``lang``; None when it adds nothing to its line; a text no
    pattern knows as it is (escaped by ``esc``, like every value from the input)."""
    text = str(text)
    for pattern, row in _COMPILED:
        m = pattern.fullmatch(text)
        if m is None:
            continue
        if row is None:
            return None
        values = {key: _value(key, value, lang, esc) for key, value in m.groupdict().items()}
        return format_phrase(row[lang], lang, values)
    return esc(text)


def _value(key: str, value: str, lang: str, esc: Callable[[str], str]) -> str:
    """A named group's value: a nested sentence translated, a word of the game file in
    ``lang``, anything else (a name, a post id, a post's words) escaped as input."""
    if key in _NESTED:
        return translate(value, lang, esc) or esc(value)
    word = _WORD_GROUPS.get(key)
    said = word(value, lang) if word else value
    return esc(said) if said == value else said


def note(text: str, lang: str, esc: Callable[[str], str] = str) -> tuple[str, str]:
    """A note of the day (``"LM-02: …"``) as (its text in ``lang``, its rule id or "")."""
    m = _RULE_PREFIX.match(str(text))
    said = translate(text, lang, esc)
    return (said or "", m.group("rule") if m else "")


assert all(row is None or set(row) == set(LANGUAGES) for _, row in TEXTS)
