"""The reports' words in el, it, ru, en, and dates written by hand (no locale dependency).

Every phrase a renderer prints comes from :data:`STRINGS`; every violation code and removal reason
has a one-line message per language (style.md: "violations carry ... a one-line message in the
report's language"). Greek and Russian month names are in the genitive, as a date is written.

How a message is written (issue 20, item 7; :func:`t` formats it):

- every entry of :data:`STRINGS` has the four languages; a ruleset whose seed has its own word for
  something (mafia-forum-ru's "ход" for a day) overrides an entry in :data:`VARIANTS`;
- a player's name that the sentence needs in another case carries it as a format spec:
  ``{after:gen}`` (genitive), ``{player:acc}``, ``{who:nom}`` (Greek: with its article), ``{x:se}``
  (Greek σε + accusative); report/grammar.py declines it. When a name cannot be declined safely
  (a Latin-script name in a Greek game, "Ёж"), the entry ``KEY@plain`` is used instead when it
  exists — the same message phrased so that the nominative fits ("αποχωρεί: Alexis") —, else the
  name stands in apposition to the word for a player ("του παίκτη Alexis");
- a number with its noun is ``{n:votes}`` ("1 ψήφος", "5 голосов", "21 голос");
- no gendered placeholder ("набрал(а)"): a sentence is phrased so that no gender is needed.
"""

from __future__ import annotations

import string
from datetime import datetime
from zoneinfo import ZoneInfo

from votal.errors import InputError
from votal.report import grammar

LANGUAGES = ("el", "it", "ru", "en")

_WEEKDAYS = {
    "el": ("Δευτέρα", "Τρίτη", "Τετάρτη", "Πέμπτη", "Παρασκευή", "Σάββατο", "Κυριακή"),
    "it": ("lunedì", "martedì", "mercoledì", "giovedì", "venerdì", "sabato", "domenica"),
    "ru": ("понедельник", "вторник", "среда", "четверг", "пятница", "суббота", "воскресенье"),
    "en": ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"),
}
_MONTHS = {
    "el": ("Ιανουαρίου", "Φεβρουαρίου", "Μαρτίου", "Απριλίου", "Μαΐου", "Ιουνίου", "Ιουλίου",
           "Αυγούστου", "Σεπτεμβρίου", "Οκτωβρίου", "Νοεμβρίου", "Δεκεμβρίου"),
    "it": ("gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto",
           "settembre", "ottobre", "novembre", "dicembre"),
    "ru": ("января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа",
           "сентября", "октября", "ноября", "декабря"),
    "en": ("January", "February", "March", "April", "May", "June", "July", "August",
           "September", "October", "November", "December"),
}


def check_language(lang: str) -> str:
    if lang not in LANGUAGES:
        raise InputError(f"unknown report language {lang!r}: choose one of {', '.join(LANGUAGES)}")
    return lang


def local(iso: str | None, tz: str | None) -> datetime | None:
    """An ISO instant from the tally, in the game's time zone."""
    if not iso:
        return None
    dt = datetime.fromisoformat(iso)
    return dt.astimezone(ZoneInfo(tz)) if tz else dt


def long_date(iso: str | None, tz: str | None, lang: str) -> str:
    """"Δευτέρα 2 Νοεμβρίου 2026, 20:00 (UTC+02:00)" / "lunedì 2 novembre 2026, 20:00
    (UTC+01:00)" / ...: a deadline a player reads in another zone says its zone (issue 16)."""
    dt = local(iso, tz)
    if dt is None:
        return "—"
    wd, mon = _WEEKDAYS[lang][dt.weekday()], _MONTHS[lang][dt.month - 1]
    sep = ", " if lang == "ru" else " "
    return f"{wd}{sep}{dt.day} {mon} {dt.year}, {dt:%H:%M} ({utc_offset(dt)})"


def utc_offset(dt: datetime) -> str:
    """The instant's offset as every reader knows it: "UTC", "UTC+02:00", "UTC-03:30"."""
    off = dt.utcoffset()
    if not off:
        return "UTC"
    minutes = int(off.total_seconds()) // 60
    sign = "+" if minutes > 0 else "-"
    return f"UTC{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"


def short_time(iso: str | None, tz: str | None, lang: str = "en") -> str:
    """A post's time in a list, day then month as the language writes a date: "02/11 19:58:12",
    Russian "02.11 19:58:12"."""
    dt = local(iso, tz)
    return "—" if dt is None else dt.strftime(f"{SHORT_DATE[lang]} %H:%M:%S")


# A day and month as each language writes them (Russian: "02.11")
SHORT_DATE = {"el": "%d/%m", "it": "%d/%m", "ru": "%d.%m", "en": "%d/%m"}


STRINGS: dict[str, dict[str, str]] = {
    # `votal watch` (issue 13): its status and live-screen words; the line format's KIND
    # keywords, times, rule ids and leaders stay as they are (stable for scripts)
    "watch_head": {"el": "{title} — ημέρα {day} — {left}", "it": "{title} — giorno {day} — {left}",
                   "ru": "{title} — день {day} — {left}", "en": "{title} — day {day} — {left}"},
    "watch_closed": {"el": "η ψηφοφορία έκλεισε", "it": "la votazione è chiusa",
                     "ru": "голосование закрыто", "en": "the vote is closed"},
    "watch_to_deadline": {"el": "{span} ως τη λήξη", "it": "{span} alla chiusura",
                          "ru": "{span} до окончания", "en": "{span} to the deadline"},
    "watch_window_left": {"el": "{span} απομένουν στο παράθυρο αλλαγής ψήφου",
                          "it": "{span} rimasti nella finestra di cambio voto",
                          "ru": "{span} осталось в окне смены голоса",
                          "en": "{span} left in the change window"},
    "watch_refreshed": {"el": "ανανεώθηκε", "it": "aggiornato", "ru": "обновлено",
                        "en": "refreshed"},
    "watch_player": {"el": "παίκτης", "it": "giocatore", "ru": "игрок", "en": "player"},
    "watch_votes": {"el": "ψήφοι", "it": "voti", "ru": "голоса", "en": "votes"},
    "watch_voters": {"el": "ψηφοφόροι", "it": "votanti", "ru": "проголосовавшие",
                     "en": "voters"},
    "watch_changes": {"el": "αλλαγές: {items}", "it": "cambi: {items}",
                      "ru": "изменения: {items}", "en": "changes: {items}"},
    # a change on the live screen (the line format's KIND keywords stay English, for scripts)
    "watch_kind_vote": {"el": "ψήφος", "it": "voto", "ru": "голос", "en": "vote"},
    "watch_kind_change": {"el": "αλλαγή", "it": "cambio", "ru": "смена", "en": "change"},
    "watch_kind_unvote": {"el": "αναίρεση", "it": "ritiro", "ru": "снятие", "en": "unvote"},
    "watch_kind_rule": {"el": "κανόνας", "it": "regola", "ru": "правило", "en": "rule"},
    "watch_kind_review": {"el": "προς έλεγχο", "it": "da verificare", "ru": "на проверку",
                          "en": "review"},
    "watch_violations": {"el": "παραβάσεις: {items}", "it": "violazioni: {items}",
                         "ru": "нарушения: {items}", "en": "violations: {items}"},
    "watch_absence": {"el": "θα χρεωθούν απουσία: {who}", "it": "riceverebbero un'assenza: {who}",
                      "ru": "получили бы пропуск: {who}",
                      "en": "would be charged an absence: {who}"},
    "watch_not_voted": {"el": "δεν έχουν ψηφίσει ακόμα: {who}",
                        "it": "non hanno ancora votato: {who}",
                        "ru": "ещё не проголосовали: {who}", "en": "not voted yet: {who}"},
    "watch_if_closed": {"el": "αν η ψηφοφορία έκλεινε τώρα: {who}",
                        "it": "se la votazione chiudesse ora: {who}",
                        "ru": "если бы голосование закрылось сейчас: {who}",
                        "en": "if the vote closed now: {who}"},
    "watch_nobody": {"el": "κανείς", "it": "nessuno", "ru": "никто", "en": "nobody"},
    "watch_final": {"el": "τελικό: {outcome}", "it": "esito: {outcome}", "ru": "итог: {outcome}",
                    "en": "final: {outcome}"},
    # the day's result in a watch line (the reason and status words are REASONS' and STATUSES')
    "watch_eliminated": {"el": "αποχωρεί {players:nom}", "it": "esce dal gioco {players}",
                         "ru": "выбывает {players}", "en": "eliminated {players}"},
    "watch_tie": {"el": "ισοψηφία {players}", "it": "parità {players}",
                  "ru": "равенство голосов {players}", "en": "tie {players}"},
    "watch_no_elimination": {"el": "κανείς δεν αποχωρεί", "it": "nessuno esce dal gioco",
                             "ru": "никто не выбывает", "en": "no-elimination"},
    "watch_eliminated@plain": {"el": "αποχωρεί: {players}", "it": "esce dal gioco {players}",
                               "ru": "выбывает {players}", "en": "eliminated {players}"},
    "watch_rule@plain": {"el": "{rule}: ψήφος ({voter} → {target}): {status}",
                         "it": "{rule}: voto di {voter} → {target}: {status}",
                         "ru": "{rule}: голос ({voter} → {target}): {status}",
                         "en": "{rule}: {voter}'s vote for {target} is {status}"},
    "watch_pending": {"el": "σε εξέλιξη", "it": "in corso", "ru": "продолжается", "en": "pending"},
    "watch_rule": {"el": "{rule}: η ψήφος {voter:gen} → {target}: {status}",
                   "it": "{rule}: voto di {voter} → {target}: {status}",
                   "ru": "{rule}: голос {voter:gen} → {target}: {status}",
                   "en": "{rule}: {voter}'s vote for {target} is {status}"},
    "watch_was": {"el": "{voter} (πριν: {target})", "it": "{voter} (prima: {target})",
                  "ru": "{voter} (прежде: {target})", "en": "{voter} (was {target})"},
    "watch_network": {"el": "πρόβλημα δικτύου: {error}· νέα προσπάθεια σε {s} s",
                      "it": "problema di rete: {error}; nuovo tentativo tra {s} s",
                      "ru": "проблема сети: {error}; повтор через {s} с",
                      "en": "network trouble: {error}; retrying in {s} s"},
    "watch_game_file": {"el": "αρχείο παιχνιδιού: {error} (χρησιμοποιείται η τελευταία σωστή "
                              "εκδοχή)",
                        "it": "file della partita: {error} (si usa l'ultima versione valida)",
                        "ru": "файл игры: {error} (используется последняя верная версия)",
                        "en": "game file: {error} (the last good version is used)"},
    "title": {"el": "Ψηφοφορία ημέρας {day}", "it": "Votazione del giorno {day}",
              "ru": "Итоги голосования — день {day}", "en": "Vote count — Day {day}"},
    "deadline": {"el": "Λήξη ψηφοφορίας", "it": "Chiusura della votazione",
                 "ru": "Окончание голосования", "en": "Deadline"},
    "start": {"el": "Έναρξη", "it": "Inizio", "ru": "Начало", "en": "Start"},
    "majority": {"el": "Πλειοψηφία: {n:votes}", "it": "Maggioranza: {n:votes}",
                 "ru": "Большинство: {n:votes}", "en": "Majority: {n:votes}"},
    "window": {"el": "Παράθυρο αλλαγής ψήφου {a}–{b}", "it": "Finestra di cambio voto {a}–{b}",
               "ru": "Окно смены голоса {a}–{b}", "en": "Vote-change window {a}–{b}"},
    "result": {"el": "Αποτέλεσμα", "it": "Esito", "ru": "Итог", "en": "Result"},
    # a running count (the day's vote still open): tally.engine.tally_at
    "provisional": {"el": "προσωρινή καταμέτρηση, {time}", "it": "conteggio provvisorio, {time}",
                    "ru": "промежуточный подсчёт, {time}", "en": "running count, {time}"},
    "result_now": {"el": "Αν η ψηφοφορία έκλεινε τώρα", "it": "Se la votazione chiudesse ora",
                   "ru": "Если бы голосование закрылось сейчас", "en": "If the vote closed now"},
    "not_voted_yet": {"el": "Δεν έχουν ψηφίσει ακόμα", "it": "Non hanno ancora votato",
                      "ru": "Ещё не проголосовали", "en": "Not voted yet"},
    "count": {"el": "Καταμέτρηση", "it": "Conteggio", "ru": "Подсчёт", "en": "Count"},
    "hammer": {"el": "πλειοψηφία", "it": "maggioranza", "ru": "большинство", "en": "hammered"},
    "no_votes": {"el": "Καμία ψήφος.", "it": "Nessun voto.", "ru": "Голосов нет.",
                 "en": "No votes."},
    "not_counted": {"el": "Ψήφοι που δεν μετρούν", "it": "Voti non validi",
                    "ru": "Неучтённые голоса", "en": "Votes that do not count"},
    "absent": {"el": "Χωρίς ψήφο", "it": "Senza voto",
               "ru": "Не проголосовали", "en": "Not voting"},
    "removed": {"el": "Αποχωρήσεις εκτός ψηφοφορίας", "it": "Rimossi dal gioco",
                "ru": "Выбывшие вне голосования", "en": "Removed from the game"},
    "violations": {"el": "Παραβάσεις", "it": "Violazioni", "ru": "Нарушения",
                   "en": "Violations"},
    "review": {"el": "Προς έλεγχο από τη ΣΕ", "it": "Da verificare (master)",
               "ru": "На проверку ведущему", "en": "For the moderators to check"},
    "revealed": {"el": "Αποκαλύψεις", "it": "Ruoli rivelati", "ru": "Раскрытые роли",
                 "en": "Revealed"},
    "unknown_role": {"el": "ρόλος άγνωστος", "it": "ruolo sconosciuto", "ru": "роль неизвестна",
                     "en": "role unknown"},
    "notes": {"el": "Σημειώσεις", "it": "Note", "ru": "Примечания", "en": "Notes"},
    "private": {"el": "ΙΔΙΩΤΙΚΑ (μόνο για τη ΣΕ)", "it": "PRIVATO (solo per i master)",
                "ru": "СЕКРЕТНО (только для ведущих)", "en": "PRIVATE (moderators only)"},
    "roles": {"el": "Ρόλοι", "it": "Ruoli", "ru": "Роли", "en": "Roles"},
    "factions": {"el": "Ομάδες", "it": "Fazioni", "ru": "Команды", "en": "Factions"},
    "effects": {"el": "Ικανότητες", "it": "Abilità", "ru": "Способности", "en": "Abilities"},
    "seed": {"el": "Σπόρος κλήρωσης", "it": "Seme del sorteggio", "ru": "Зерно жеребьёвки",
             "en": "Draw seed"},
    "resolved_by": {"el": "Ονόματα που διαβάστηκαν κατά προσέγγιση",
                    "it": "Nomi letti per approssimazione", "ru": "Имена, прочитанные неточно",
                    "en": "Names read inexactly"},
    "weight": {"el": "βάρος", "it": "peso", "ru": "вес", "en": "weight"},
    "post": {"el": "μήνυμα", "it": "messaggio", "ru": "сообщение", "en": "post"},
    "thread": {"el": "Θέμα", "it": "Discussione", "ru": "Тема", "en": "Thread"},
    "timeline": {"el": "Εξέλιξη της ψηφοφορίας", "it": "Andamento della votazione",
                 "ru": "Ход голосования", "en": "Vote timeline"},
    "history": {"el": "Ιστορικό ψήφων", "it": "Storico dei voti", "ru": "История голосов",
                "en": "Vote history"},
    "day": {"el": "Ημέρα {day}", "it": "Giorno {day}", "ru": "День {day}", "en": "Day {day}"},
    "unvote": {"el": "αναίρεση ψήφου", "it": "voto ritirato", "ru": "снятие голоса",
               "en": "unvote"},
    "no_vote_cast": {"el": "καμία ψήφος", "it": "nessun voto", "ru": "без голоса",
                     "en": "no vote"},
    "overview": {"el": "Ποιος ψήφισε ποιον", "it": "Chi ha votato chi", "ru": "Кто за кого",
                 "en": "Who voted whom"},
    "days": {"el": "Ημέρες", "it": "Giorni", "ru": "Дни", "en": "Days"},
    # the archive site (report/archive_site.py)
    "archive": {"el": "Αρχείο παιχνιδιών", "it": "Archivio delle partite", "ru": "Архив игр",
                "en": "Game archive"},
    "games": {"el": "Παιχνίδια", "it": "Partite", "ru": "Игры", "en": "Games"},
    "game": {"el": "Παιχνίδι", "it": "Partita", "ru": "Игра", "en": "Game"},
    "ruleset": {"el": "Κανονισμός", "it": "Regolamento", "ru": "Правила", "en": "Ruleset"},
    "winner": {"el": "Νικητές", "it": "Vincitori", "ru": "Победители", "en": "Winner"},
    # the end of the game (interfaces §3 `end`, rules.md "Winners"); words of the seeds'
    # "Λήξη Παιχνιδιού" (palermo-classic), "vince/vincono" (lupus), "побеждает" (mafia-baku)
    "game_end": {"el": "Λήξη παιχνιδιού", "it": "Fine della partita", "ru": "Конец игры",
                 "en": "End of the game"},
    "verdict": {"el": "Έλεγχος", "it": "Verifica", "ru": "Проверка", "en": "Audit"},
    "verdict_agrees": {"el": "συμφωνεί", "it": "concorda", "ru": "совпадает", "en": "agrees"},
    "verdict_disagrees": {"el": "διαφωνεί", "it": "non concorda", "ru": "расходится",
                          "en": "disagrees"},
    "verdict_error": {"el": "σφάλμα", "it": "errore", "ru": "ошибка", "en": "error"},
    "verdict_nothing-compared": {"el": "τίποτα προς σύγκριση", "it": "niente da confrontare",
                                 "ru": "не с чем сравнить", "en": "nothing to compare"},
    "counts_agreeing": {"el": "Καταμετρήσεις ΣΕ σωστές", "it": "Conteggi dei master giusti",
                        "ru": "Верные подсчёты ведущих", "en": "Moderators' counts right"},
    "votes": {"el": "Ψήφοι", "it": "Voti", "ru": "Голоса", "en": "Votes"},
    "vote": {"el": "Ψήφος", "it": "Voto", "ru": "Голос", "en": "Vote"},
    "final_votes": {"el": "Τελικές ψήφοι", "it": "Voti finali", "ru": "Итоговые голоса",
                    "en": "Final votes"},
    "on_eliminated": {"el": "Στον αποχωρήσαντα", "it": "Sull'eliminato", "ru": "За выбывшего",
                      "en": "On the eliminated player"},
    "first_on_wagon": {"el": "Πρώτος στην ψηφοφορία", "it": "Primo sul carro",
                       "ru": "Первый на кандидате", "en": "First on the wagon"},
    "last_on_wagon": {"el": "Τελευταίος στην ψηφοφορία", "it": "Ultimo sul carro",
                      "ru": "Последний на кандидате", "en": "Last on the wagon"},
    "on_mafia": {"el": "Σε μέλος της μαφίας", "it": "Su un membro della fazione assassina",
                 "ru": "За члена мафии", "en": "On a mafia member"},
    "votes_per_game": {"el": "Ψήφοι ανά παιχνίδι", "it": "Voti per partita",
                       "ru": "Голоса по играм", "en": "Votes per game"},
    "players": {"el": "Παίκτες", "it": "Giocatori", "ru": "Игроки", "en": "Players"},
    "voter": {"el": "Ψηφοφόρος", "it": "Votante", "ru": "Голосующий", "en": "Voter"},
    "target": {"el": "Ψήφος", "it": "Voto", "ru": "Голос", "en": "Vote"},
    "time": {"el": "Ώρα", "it": "Ora", "ru": "Время", "en": "Time"},
    "status": {"el": "Κατάσταση", "it": "Stato", "ru": "Статус", "en": "Status"},
    "rule": {"el": "Κανόνας", "it": "Regola", "ru": "Правило", "en": "Rule"},
    "generated": {"el": "Καταμέτρηση: votal", "it": "Conteggio: votal", "ru": "Подсчёт: votal",
                  "en": "Counted by votal"},
    # the audit report (report/audit_report.py)
    "audit_title": {"el": "Έλεγχος παιχνιδιού — {game}", "it": "Verifica della partita — {game}",
                    "ru": "Проверка игры — {game}", "en": "Game audit — {game}"},
    "audit_review": {"el": "Προς έλεγχο", "it": "Da verificare", "ru": "На проверку",
                     "en": "For a human to decide"},
    "audit_edits": {"el": "Ψήφοι που άλλαξαν με επεξεργασία (C-07)",
                    "it": "Voti cambiati con un edit (C-07)",
                    "ru": "Голоса, изменённые правкой (C-07)", "en": "Votes changed by an edit (C-07)"},
    "audit_edit_line": {"el": "{player}: {first} → {later}, φάνηκε {seen}",
                        "it": "{player}: {first} → {later}, visto il {seen}",
                        "ru": "{player}: {first} → {later}, замечено {seen}",
                        "en": "{player}: {first} → {later}, first seen {seen}"},
    "audit_after_deadline": {"el": "ΜΕΤΑ το κλείσιμο της ψηφοφορίας", "it": "DOPO la chiusura del voto",
                             "ru": "ПОСЛЕ закрытия голосования", "en": "AFTER the vote closed"},
    "audit_counts": {"el": "Καταμετρήσεις της ΣΕ: {ok}/{n} συμφωνούν",
                     "it": "Conteggi dei master: {ok}/{n} concordano",
                     "ru": "Подсчёты ведущих: совпадают {ok} из {n}",
                     "en": "Moderators' counts: {ok}/{n} agree"},
    "audit_count_ok": {"el": "συμφωνεί", "it": "concorda", "ru": "совпадает", "en": "agrees"},
    # a count that says the post it counts up to (audit/asof.py)
    "audit_as_of": {"el": "σύγκριση ως την ανάρτηση {post}", "it": "confronto fino al post {post}",
                    "ru": "сравнение по состоянию на пост {post}",
                    "en": "compared as of post {post}"},
    "audit_as_of_later": {"el": "γράφει «{text}», ανάρτηση μετά την ίδια την καταμέτρηση (διορθώθηκε "
                                "αργότερα)· σύγκριση στη δική της ανάρτηση",
                          "it": "dice «{text}», un post successivo al conteggio stesso (modificato "
                                "dopo): confronto al suo post",
                          "ru": "указано «{text}» — пост позже самого подсчёта (исправлен позже); "
                                "сравнение на его собственном посте",
                          "en": "says «{text}», a post after the count itself (edited later): "
                                "compared at its own post"},
    "audit_as_of_not_in_day": {"el": "γράφει «{text}»· καμία ανάρτηση της ημέρας· σύγκριση στη δική "
                                     "της ανάρτηση",
                               "it": "dice «{text}»: nessun post della giornata; confronto al suo post",
                               "ru": "указано «{text}»: такого поста в этот день нет; сравнение "
                                     "на его собственном посте",
                               "en": "says «{text}»: no post of the day; compared at its own post"},
    "audit_count_diff": {"el": "{target}: ΣΕ {announced}, votal {computed}",
                         "it": "{target}: master {announced}, votal {computed}",
                         "ru": "{target}: ведущий {announced}, votal {computed}",
                         "en": "{target}: moderator {announced}, votal {computed}"},
    "audit_missing": {"el": "λείπουν", "it": "mancano", "ru": "не указаны", "en": "missing"},
    "audit_extra": {"el": "περιττοί", "it": "in più", "ru": "лишние", "en": "extra"},
    "audit_voter_diff": {"el": "{voter}: ΣΕ → {announced}, votal → {computed}",
                         "it": "{voter}: master → {announced}, votal → {computed}",
                         "ru": "{voter}: у ведущего → {announced}, у votal → {computed}",
                         "en": "{voter}: moderator → {announced}, votal → {computed}"},
    # why a voter differs (audit/explain.py), appended to the voter's line
    "audit_why_missed": {"el": "η ΣΕ δεν είδε το μήνυμα {post}",
                         "it": "il master non ha visto il messaggio {post}",
                         "ru": "ведущий пропустил сообщение {post}",
                         "en": "the moderator missed post {post}"},
    "audit_why_after-count": {"el": "η καταμέτρηση έχει την ψήφο του μηνύματος {post}, γραμμένου μετά",
                              "it": "il conteggio ha il voto del messaggio {post}, scritto dopo",
                              "ru": "в подсчёте голос из сообщения {post}, написанного позже",
                              "en": "the count has the vote of post {post}, written after it"},
    "audit_why_not-counted": {"el": "το votal δεν μέτρησε το μήνυμα {post} ({rule})",
                              "it": "votal non ha contato il messaggio {post} ({rule})",
                              "ru": "votal не учёл сообщение {post} ({rule})",
                              "en": "votal did not count post {post} ({rule})"},
    "audit_why_mis-assigned": {"el": "{voter}: καμία ψήφος για {announced}· το votal μετρά το μήνυμα {post}",
                               "it": "{voter} non ha mai votato {announced}; votal conta il messaggio {post}",
                               "ru": "{voter}: голоса за {announced:acc} не было; votal учитывает сообщение {post}",
                               "en": "{voter} never voted {announced}; votal counts post {post}"},
    "audit_why_unresolved-vote": {
        "el": "το votal άφησε το «{alias}» (μήνυμα {post}) για έλεγχο· αν είναι {player}, προσθέστε το στα ψευδώνυμα",
        "it": "votal ha lasciato «{alias}» (messaggio {post}) da verificare; se è {player}, aggiungilo agli alias",
        "ru": "votal оставил «{alias}» (сообщение {post}) на проверку; если это {player}, добавьте псевдоним",
        "en": "votal left «{alias}» (post {post}) for a human; if it means {player}, add it to the aliases"},
    "audit_why_unknown-name": {
        "el": "το «{alias}» δεν είναι όνομα παίκτη· αν είναι {player}, προσθέστε το στα ψευδώνυμα",
        "it": "«{alias}» non è il nome di un giocatore; se è {player}, aggiungilo agli alias",
        "ru": "«{alias}» — не ник игрока; если это {player}, добавьте псевдоним",
        "en": "«{alias}» is no player's name; if it means {player}, add it to the aliases"},
    "audit_why_unvote-required": {
        "el": "η ΣΕ δεν μετρά ψήφο χωρίς προηγούμενο unvote (μήνυμα {post}): unvote_required = true (MS-09)",
        "it": "il master non conta un voto senza unvote prima (messaggio {post}): unvote_required = true (MS-09)",
        "ru": "ведущий не учитывает голос без снятия прежнего (сообщение {post}): unvote_required = true (MS-09)",
        "en": "the moderator ignores a vote without an unvote first (post {post}): unvote_required = true (MS-09)"},
    "audit_why_listed-twice": {
        "el": "η καταμέτρηση έχει και ψήφο του παίκτη {voter} για {announced}: η ψήφος του μηνύματος {post} αντικατέστησε την παλιά (MS-01)",
        "it": "il conteggio ha {voter} anche su {announced}: il voto del messaggio {post} ha sostituito il vecchio (MS-01)",
        "ru": "в подсчёте {voter} указан и как голос за {announced:acc}: голос из сообщения {post} заменил прежний (MS-01)",
        "en": "the count also lists {voter} under {announced}: the vote of post {post} replaced the old one (MS-01)"},
    "audit_why_no-vote-read": {"el": "το votal δεν βρήκε ψήφο του {voter} για {announced}",
                               "it": "votal non ha trovato un voto di {voter} per {announced}",
                               "ru": "votal не нашёл голос {voter} за {announced}",
                               "en": "votal read no vote of {voter} for {announced}"},
    "audit_unreadable": {"el": "Μηνύματα που μοιάζουν με καταμέτρηση αλλά δεν διαβάστηκαν",
                         "it": "Messaggi che sembrano un conteggio ma non si leggono",
                         "ru": "Сообщения, похожие на подсчёт, но не прочитанные",
                         "en": "Posts that look like a count but could not be read"},
    "audit_counts_unread": {"el": "Καταμετρήσεις που δεν διαβάστηκαν: {n} (δεν συγκρίθηκαν)",
                            "it": "Conteggi che non si sono potuti leggere: {n} (non confrontati)",
                            "ru": "Подсчёты, которые не удалось прочитать: {n} (не сравнивались)",
                            "en": "Counts that could not be read: {n} (not compared)"},
    "audit_unread_names": {"el": "ονόματα χωρίς αντίστοιχο παίκτη: {names}",
                           "it": "nomi che non corrispondono a nessun giocatore: {names}",
                           "ru": "ники, которых нет среди игроков: {names}",
                           "en": "names no player answers to: {names}"},
    "audit_summary_unread": {
        "el": "Καταμετρήσεις της ΣΕ που δεν διαβάστηκαν: {n} — δεν συγκρίθηκαν· δείτε τον έλεγχο κάθε ημέρας",
        "it": "Conteggi dei master che non si sono potuti leggere: {n} — non confrontati, vedi le verifiche di ogni giorno",
        "ru": "Подсчёты ведущих, которые не удалось прочитать: {n} — не сравнивались, см. проверку по дням",
        "en": "Moderators' counts that could not be read: {n} — not compared; see each day's review"},
    "audit_confidence": {"el": "βεβαιότητα {n}", "it": "affidabilità {n}", "ru": "уверенность {n}",
                         "en": "confidence {n}"},
    "audit_unresolved": {"el": "άγνωστα ονόματα", "it": "nomi sconosciuti", "ru": "неизвестные ники",
                         "en": "unknown names"},
    "audit_eliminations": {"el": "Ανακοινωμένες αποχωρήσεις", "it": "Eliminazioni annunciate",
                           "ru": "Объявленные выбывания", "en": "Announced eliminations"},
    "audit_draw": {"el": "Κλήρωση LM-06: {cursed} (σπόρος {seed}, {source})",
                   "it": "Sorteggio LM-06: {cursed} (seme {seed}, {source})",
                   "ru": "Жеребьёвка LM-06: {cursed} (зерно {seed}, {source})",
                   "en": "LM-06 draw: {cursed} (seed {seed}, {source})"},
    "audit_draw_audit": {"el": "σπόρος από τίτλο και ημέρα, υπολογισμένος από τον έλεγχο",
                         "it": "seme da titolo e giorno, calcolato dalla verifica",
                         "ru": "зерно из названия и дня, вычислено проверкой",
                         "en": "seed from title and day, drawn by the audit"},
    "audit_draw_engine": {"el": "σπόρος της καταμέτρησης", "it": "seme del conteggio",
                          "ru": "зерно подсчёта", "en": "the tally's seed"},
    "audit_win": {"el": "Τέλος παιχνιδιού: ίσχυε την ημέρα {day}, μετά την αποχώρηση {after:gen} — "
                        "{wins}",
                  "it": "Fine della partita: raggiunta il giorno {day}, dopo l'uscita di {after} — "
                        "{wins}",
                  "ru": "Конец игры: наступил в день {day}, после выбывания {after:gen} — {wins}",
                  "en": "End of game: reached on day {day} after {after} left — {wins}"},
    "audit_win@plain": {"el": "Τέλος παιχνιδιού: ίσχυε την ημέρα {day} (αποχώρηση: {after}) — {wins}",
                        "it": "Fine della partita: raggiunta il giorno {day}, dopo l'uscita di "
                              "{after} — {wins}",
                        "ru": "Конец игры: наступил в день {day}, после выбывания игрока {after} — "
                              "{wins}",
                        "en": "End of game: reached on day {day} after {after} left — {wins}"},
    "audit_win_alone": {"el": "Τέλος παιχνιδιού: ίσχυε την ημέρα {day} — {wins}",
                        "it": "Fine della partita: raggiunta il giorno {day} — {wins}",
                        "ru": "Конец игры: наступил в день {day} — {wins}",
                        "en": "End of game: reached on day {day} — {wins}"},
    "audit_went_on": {"el": "Το παιχνίδι συνεχίστηκε μετά το τέλος του: ημέρες {days}",
                      "it": "La partita è continuata dopo la fine: giorni {days}",
                      "ru": "Игра продолжалась после конца: дни {days}",
                      "en": "The game went on after its end: days {days}"},
    "audit_summary_ok": {"el": "Όλες οι ημέρες συμφωνούν με τις ανακοινώσεις.",
                         "it": "Tutti i giorni concordano con gli annunci.",
                         "ru": "Все дни совпадают с объявленным.",
                         "en": "Every day agrees with what was announced."},
    # issue 16: a count that could not be read was not compared: no "every day agrees"
    "audit_summary_ok_unread": {
        "el": "Ό,τι συγκρίθηκε συμφωνεί με τις ανακοινώσεις· οι καταμετρήσεις που δεν διαβάστηκαν "
              "δεν συγκρίθηκαν.",
        "it": "Quanto confrontato concorda con gli annunci; i conteggi che non si sono potuti "
              "leggere non sono stati confrontati.",
        "ru": "Всё, что удалось сравнить, совпадает с объявленным; непрочитанные подсчёты не "
              "сравнивались.",
        "en": "What was compared agrees with what was announced; the counts that could not be "
              "read were not compared."},
    # issue 20: an audit that compared nothing says so, and what it lacked
    "audit_summary_nothing": {"el": "Τίποτα προς σύγκριση με τις ανακοινώσεις: {missing}.",
                              "it": "Niente da confrontare con gli annunci: {missing}.",
                              "ru": "Сравнивать не с чем: {missing}.",
                              "en": "Nothing to compare with what was announced: {missing}."},
    "audit_summary_ok_partial": {
        "el": "Ό,τι συγκρίθηκε συμφωνεί με τις ανακοινώσεις· τίποτα προς σύγκριση {when}.",
        "it": "Quanto confrontato concorda con gli annunci; niente da confrontare {when}.",
        "ru": "Всё, что удалось сравнить, совпадает с объявленным; {when} сравнивать не с чем.",
        "en": "What was compared agrees with what was announced; nothing to compare {when}."},
    "audit_on_day": {"el": "την ημέρα {days}", "it": "il giorno {days}", "ru": "в день {days}",
                     "en": "on day {days}"},
    "audit_on_days": {"el": "τις ημέρες {days}", "it": "nei giorni {days}", "ru": "в дни {days}",
                      "en": "on days {days}"},
    "audit_missing_moderator-counts": {"el": "καμία καταμέτρηση της ΣΕ",
                                       "it": "nessun conteggio dei master",
                                       "ru": "нет подсчётов голосов ведущего",
                                       "en": "no vote count by the moderators"},
    "audit_missing_moderator-counts_unread": {
        "el": "καμία καταμέτρηση της ΣΕ που να διαβάστηκε",
        "it": "nessun conteggio dei master che si sia potuto leggere",
        "ru": "нет прочитанных подсчётов голосов ведущего",
        "en": "no vote count by the moderators that could be read"},
    "audit_missing_announced-eliminations": {"el": "καμία ανακοινωμένη αποχώρηση",
                                             "it": "nessuna eliminazione annunciata",
                                             "ru": "нет объявленных выбываний",
                                             "en": "no announced elimination"},
    "audit_summary_diff": {"el": "Διαφωνίες με τις ανακοινώσεις: ημέρες {days}",
                           "it": "Differenze con gli annunci: giorni {days}",
                           "ru": "Расхождения с объявленным: дни {days}",
                           "en": "Disagreements with what was announced: days {days}"},
    "audit_announcement": {"el": "ανακοίνωση, μήνυμα {where}", "it": "annuncio, messaggio {where}",
                           "ru": "объявление, сообщение {where}", "en": "announcement, post {where}"},
    "audit_event": {"el": "αρχείο παιχνιδιού, {where}", "it": "file della partita, {where}",
                    "ru": "файл игры, {where}", "en": "game file, {where}"},
    "audit_unread": {"el": "Φράσεις αποχώρησης χωρίς όνομα παίκτη (προς έλεγχο)",
                     "it": "Frasi di eliminazione senza un giocatore (da verificare)",
                     "ru": "Фразы о выбывании без ника игрока (на проверку)",
                     "en": "Elimination phrases naming no player (for a human)"},
}

# The day's result (issue 20, item 7): a sentence that stands alone ("Αποχωρεί ο Νίκος", no
# "Αποτέλεσμα: Αποχωρεί:"), the reason after it; a running count says what would happen; the
# seeds' words through VARIANTS ("Va al rogo", "На виселицу отправляется", "ход").
STRINGS.update({
    "outcome_eliminated": {"el": "Αποχωρεί {players:nom}", "it": "Esce dal gioco {players}",
                           "ru": "Выбывает {players}", "en": "Eliminated: {players}"},
    "outcome_eliminated@plain": {"el": "Αποχωρεί: {players}", "it": "Esce dal gioco {players}",
                                 "ru": "Выбывает {players}", "en": "Eliminated: {players}"},
    "outcome_eliminated_many": {"el": "Αποχωρούν {players:nom}", "it": "Escono dal gioco {players}",
                                "ru": "Выбывают: {players}", "en": "Eliminated: {players}"},
    "outcome_eliminated_many@plain": {"el": "Αποχωρούν: {players}",
                                      "it": "Escono dal gioco {players}",
                                      "ru": "Выбывают: {players}", "en": "Eliminated: {players}"},
    "outcome_tie_poll": {"el": "Ισοψηφία: {players}· ακολουθεί δημοσκόπηση μίας ώρας",
                         "it": "Parità tra {players}: segue un sondaggio di un'ora",
                         "ru": "Равенство голосов: {players}; проводится часовой опрос",
                         "en": "Tie: {players}. A one-hour poll follows."},
    "outcome_tie_runoff": {"el": "Ισοψηφία: {players}· ακολουθεί δεύτερη ψηφοφορία",
                           "it": "Parità: si va al ballottaggio tra {players}",
                           "ru": "Равенство голосов: {players}; проводится переголосование",
                           "en": "Tie: {players}. A runoff follows."},
    "outcome_no_elimination": {"el": "Κανείς δεν αποχωρεί", "it": "Nessuno esce dal gioco",
                               "ru": "Никто не выбывает", "en": "No one is eliminated"},
    "outcome_pending": {"el": "Η ψηφοφορία είναι σε εξέλιξη", "it": "Votazione in corso",
                        "ru": "Голосование продолжается", "en": "Voting in progress"},
    # a running count: what would happen if the vote closed now
    "now_eliminated": {"el": "Αν η ψηφοφορία έκλεινε τώρα, θα αποχωρούσε {players:nom}",
                       "it": "Se la votazione chiudesse ora, uscirebbe dal gioco {players}",
                       "ru": "При закрытии голосования сейчас выбывает {players}",
                       "en": "If the vote closed now: {players} would be eliminated"},
    "now_eliminated@plain": {"el": "Αν η ψηφοφορία έκλεινε τώρα, θα αποχωρούσε: {players}",
                             "it": "Se la votazione chiudesse ora, uscirebbe dal gioco {players}",
                             "ru": "При закрытии голосования сейчас выбывает {players}",
                             "en": "If the vote closed now: {players} would be eliminated"},
    "now_eliminated_many": {"el": "Αν η ψηφοφορία έκλεινε τώρα, θα αποχωρούσαν {players:nom}",
                            "it": "Se la votazione chiudesse ora, uscirebbero dal gioco "
                                  "{players}",
                            "ru": "При закрытии голосования сейчас выбывают: {players}",
                            "en": "If the vote closed now: {players} would be eliminated"},
    "now_eliminated_many@plain": {
        "el": "Αν η ψηφοφορία έκλεινε τώρα, θα αποχωρούσαν: {players}",
        "it": "Se la votazione chiudesse ora, uscirebbero dal gioco {players}",
        "ru": "При закрытии голосования сейчас выбывают: {players}",
        "en": "If the vote closed now: {players} would be eliminated"},
    "now_tie": {"el": "Αν η ψηφοφορία έκλεινε τώρα, θα υπήρχε ισοψηφία: {players}",
                "it": "Se la votazione chiudesse ora, sarebbe parità tra {players}",
                "ru": "При закрытии голосования сейчас — равенство голосов: {players}",
                "en": "If the vote closed now: a tie between {players}"},
    "now_no_elimination": {"el": "Αν η ψηφοφορία έκλεινε τώρα, κανείς δεν θα αποχωρούσε",
                           "it": "Se la votazione chiudesse ora, nessuno uscirebbe dal gioco",
                           "ru": "При закрытии голосования сейчас никто не выбывает",
                           "en": "If the vote closed now, no one would be eliminated"},
    # why: the outcome's reason (interfaces.md §3 outcome.reason)
    "reason_plurality": {"el": "οι περισσότερες ψήφοι", "it": "più voti di tutti",
                         "ru": "больше всех голосов", "en": "most votes"},
    "reason_majority": {"el": "απόλυτη πλειοψηφία", "it": "maggioranza assoluta",
                        "ru": "набрано большинство", "en": "majority reached"},
    # PX-06's public wording (seed: "μέσα σε αυτούς που ψήφισαν αυτόν που τελικά αποχωρεί
    # υπάρχει η ψήφος του δημάρχου"): the mayor is never named
    "reason_mayor": {"el": "ισοψηφία· μέσα σε όσους ψήφισαν {player:acc} υπάρχει η ψήφος του "
                           "δημάρχου",
                     "it": "parità; tra i voti per {player} c'è quello del sindaco, che vale "
                           "doppio",
                     "ru": "равенство голосов; среди голосов за {player:acc} есть голос мэра, "
                           "он считается дважды",
                     "en": "tie at the top; the mayor's vote is among the voters of {player}"},
    "reason_mayor@plain": {
        "el": "ισοψηφία· μέσα σε όσους ψήφισαν αυτόν που αποχωρεί υπάρχει η ψήφος του δημάρχου",
        "it": "parità; tra i voti per {player} c'è quello del sindaco, che vale doppio",
        "ru": "равенство голосов; среди голосов за игрока {player} есть голос мэра, он "
              "считается дважды",
        "en": "tie at the top; the mayor's vote is among the voters of {player}"},
    "reason_absence-tie": {"el": "ισοψηφία στην κορυφή με συμπλήρωση του ορίου απουσιών",
                           "it": "parità in testa al limite delle assenze",
                           "ru": "равенство голосов у лидеров при исчерпании лимита пропусков",
                           "en": "tied for the lead while reaching the absence limit"},
    "reason_first-to-max": {"el": "ισοψηφία· έφτασε πρώτα τις περισσότερες ψήφους",
                            "it": "parità; il massimo dei voti raggiunto prima degli altri",
                            "ru": "равенство голосов; максимум набран раньше других",
                            "en": "tie; first to reach the top count"},
    "reason_runoff": {"el": "μετά τη δεύτερη ψηφοφορία ({between})",
                      "it": "dopo il ballottaggio tra {between}",
                      "ru": "по итогам переголосования ({between})",
                      "en": "after the runoff between {between}"},
    "reason_runoff_alone": {"el": "μετά τη δεύτερη ψηφοφορία", "it": "dopo il ballottaggio",
                            "ru": "по итогам переголосования", "en": "runoff"},
    "reason_poll": {"el": "μετά τη δημοσκόπηση ({between})", "it": "dopo il sondaggio tra {between}",
                    "ru": "по итогам опроса ({between})", "en": "after the poll between {between}"},
    "reason_poll_alone": {"el": "μετά τη δημοσκόπηση", "it": "dopo il sondaggio",
                          "ru": "по итогам опроса", "en": "poll"},
    "reason_tie": {"el": "ισοψηφία", "it": "parità", "ru": "равенство голосов", "en": "tie"},
    "reason_arrest": {"el": "παίχτηκε η κάρτα Άμεση Προφυλάκιση",
                      "it": "è stata giocata la carta dell'arresto immediato",
                      "ru": "сыграна карта немедленного ареста", "en": "immediate arrest card"},
    "reason_lawyer": {"el": "ο δικηγόρος υπερασπίστηκε τον πρώτο της ψηφοφορίας",
                      "it": "l'avvocato ha difeso chi aveva più voti",
                      "ru": "адвокат защитил лидера голосования",
                      "en": "the lawyer saved the leader"},
    "reason_no-votes": {"el": "καμία ψήφος", "it": "nessun voto", "ru": "нет голосов",
                        "en": "no votes"},
    "reason_no-lynch": {"el": "καμία εκτέλεση", "it": "nessuna esecuzione", "ru": "без казни",
                        "en": "no lynch"},
    # the end of the game (rules.md "Winners"): the seeds' "νικητές είναι οι πολίτες", "vince il
    # Villaggio", "побеждают мирные жители"; several sides together (LM-08)
    "win_town": {"el": "νικητές είναι οι πολίτες", "it": "vince il Villaggio",
                 "ru": "побеждают мирные жители", "en": "the town wins"},
    "win_civilians": {"el": "νικητές είναι οι πολίτες", "it": "vincono i civili",
                      "ru": "побеждают мирные жители", "en": "the civilians win"},
    "win_mafia": {"el": "νικητές είναι οι δολοφόνοι", "it": "vince la mafia",
                  "ru": "побеждает мафия", "en": "the mafia wins"},
    "win_village": {"el": "νικά το χωριό", "it": "vince il Villaggio", "ru": "побеждает деревня",
                    "en": "the village wins"},
    "win_pack": {"el": "νικά η αγέλη", "it": "vince il Branco", "ru": "побеждает стая",
                 "en": "the pack wins"},
    "win_coven": {"el": "νικούν οι βρικόλακες", "it": "vince la Congrega", "ru": "побеждает ковен",
                  "en": "the coven wins"},
    "win_rival": {"el": "νικά ο αντίπαλος μαφιόζος", "it": "vince il mafioso rivale",
                  "ru": "побеждает мафиози-соперник", "en": "the rival mafioso wins"},
    "win_maniac": {"el": "νικά ο μανιακός", "it": "vince il maniaco", "ru": "побеждает маньяк",
                   "en": "the maniac wins"},
    "win_other": {"el": "νικά: {w}", "it": "vince: {w}", "ru": "победа: {w}", "en": "winner: {w}"},
    "win_several": {"el": "νικούν μαζί: {w}", "it": "vincono insieme: {w}",
                    "ru": "побеждают вместе: {w}", "en": "winners together: {w}"},
    # why a player left outside the vote (interfaces.md §3 removed[].reason)
    "removal_absences": {"el": "απουσίες", "it": "assenze", "ru": "пропуски голосований",
                         "en": "absences"},
    "removal_inactive": {"el": "αδράνεια", "it": "inattività",
                         "ru": "удаление из игры (ни одного сообщения за день)",
                         "en": "inactive"},
    "removal_no-vote": {"el": "χωρίς ψήφο", "it": "senza voto", "ru": "отказ от голосования",
                        "en": "no vote"},
    "removal_no-choice": {"el": "δεύτερη ημέρα χωρίς επιλογή", "it": "secondo giorno senza scelta",
                          "ru": "второй день без выбора", "en": "a second day without a choice"},
})

# The sides a game's end condition names (audit/wincheck.py, tally/factions.py).
SIDES: dict[str, dict[str, str]] = {
    "town": {"el": "πολίτες", "it": "villaggio", "ru": "мирные", "en": "town"},
    "mafia": {"el": "δολοφόνοι", "it": "mafia", "ru": "мафия", "en": "mafia"},
    "village": {"el": "χωριό", "it": "Villaggio", "ru": "деревня", "en": "village"},
    "pack": {"el": "αγέλη", "it": "Branco", "ru": "стая", "en": "pack"},
    "coven": {"el": "βρικόλακες", "it": "Congrega", "ru": "ковен", "en": "coven"},
    "rival": {"el": "ο αντίπαλος μαφιόζος", "it": "il mafioso rivale", "ru": "мафиози-соперник",
              "en": "the rival mafioso"},
    "civilians": {"el": "πολίτες", "it": "civili", "ru": "мирные жители", "en": "civilians"},
    "maniac": {"el": "ο μανιακός", "it": "il maniaco", "ru": "маньяк", "en": "the maniac"},
}


# The notes of tally/rules/endgame.py, in the report's language (``who`` is a player's name).
END_NOTES: tuple[tuple[str, dict[str, str]], ...] = (
    (r"no killer is left in the game", {
        "el": "όλοι οι δολοφόνοι είναι εκτός παιχνιδιού", "it": "nessun assassino è rimasto in gioco",
        "ru": "в игре не осталось убийц", "en": "no killer is left in the game"}),
    (r"no mafioso is left in the game", {
        "el": "κανένας μαφιόζος δεν είναι πια στο παιχνίδι", "it": "nessun mafioso è rimasto in gioco",
        "ru": "в игре не осталось мафиози", "en": "no mafioso is left in the game"}),
    (r"the village's enemies are dead", {
        "el": "οι εχθροί του χωριού είναι νεκροί", "it": "i nemici del Villaggio sono morti",
        "ru": "враги деревни мертвы", "en": "the village's enemies are dead"}),
    (r"the rival mafioso and one more player remain", {
        "el": "έμειναν ο αντίπαλος μαφιόζος και ακόμη ένας παίχτης",
        "it": "restano il mafioso rivale e un altro giocatore",
        "ru": "остались мафиози-соперник и ещё один игрок",
        "en": "the rival mafioso and one more player remain"}),
    (r"the maniac remains alone", {
        "el": "ο μανιακός έμεινε μόνος", "it": "il maniaco è rimasto solo",
        "ru": "маньяк остался один", "en": "the maniac remains alone"}),
    (r"(?P<n>\d+) players left: .* wins", {
        "el": "έμειναν {n} παίκτες", "it": "restano {n} giocatori", "ru": "осталось игроков: {n}",
        "en": "{n} players left"}),
    (r"(?P<who>.+) had fewer votes against him", {
        "el": "λιγότερες ψήφοι εναντίον: {who}", "it": "meno voti contro: {who}",
        "ru": "меньше голосов против: {who}",
        "en": "{who} had fewer votes against him"}),
    (r"a mafioso and the VSB of his clan remain", {
        "el": "έμειναν ένας μαφιόζος και ο νόθος γιος της οικογένειάς του",
        "it": "restano un mafioso e il figlio illegittimo del boss del suo clan",
        "ru": "остались мафиози и ВСБ его клана", "en": "a mafioso and the VSB of his clan remain"}),
    (r"no votes against either: a duel", {
        "el": "καμία ψήφος εναντίον κανενός από τους δύο: μονομαχία",
        "it": "nessun voto contro nessuno dei due: duello",
        "ru": "против обоих не голосовали — дуэль", "en": "no votes against either: a duel"}),
)


def end_note_text(note: str, lang: str, esc=str) -> str:
    """An end-of-game note in ``lang``, a player's name in it escaped; an unknown note escaped."""
    import re

    for pattern, row in END_NOTES:
        m = re.fullmatch(pattern, note)
        if m:
            return format_phrase(row[lang], lang, {k: esc(v) for k, v in m.groupdict().items()})
    return str(esc(note))


def side_text(side: str, lang: str) -> str:
    """A side as a word ("πολίτες"), for lists."""
    return SIDES.get(side, {}).get(lang, _safe(side))


STATUSES = {
    "counted": {"el": "μετρά", "it": "valido", "ru": "учтён", "en": "counted"},
    "void": {"el": "άκυρη χωρίς ευθύνη", "it": "nullo senza colpa", "ru": "аннулирован без вины",
             "en": "void (no blame)"},
    "invalid": {"el": "άκυρη", "it": "non valido", "ru": "недействителен", "en": "invalid"},
    "ignored": {"el": "δεν μετρά", "it": "ignorato", "ru": "не учтён", "en": "not counted"},
    "changed": {"el": "άλλαξε", "it": "cambiato", "ru": "изменён", "en": "changed"},
}

VIOLATIONS: dict[str, dict[str, str]] = {
    "V-SELF": {"el": "ψήφος στον ίδιο τον ψηφοφόρο", "it": "voto per sé", "ru": "голос против себя",
               "en": "vote for oneself"},
    "V-LOCKED": {"el": "μήνυμα ενώ το θέμα ήταν κλειδωμένο",
                 "it": "messaggio a discussione chiusa", "ru": "сообщение при закрытой теме",
                 "en": "posted while the thread was locked"},
    "V-WINDOW-EXTRA": {"el": "δεύτερη αλλαγή στο παράθυρο", "it": "secondo cambio nella finestra",
                       "ru": "второе изменение в окне", "en": "second change in the window"},
    "V-WINDOW-CHATTER": {"el": "κείμενο πέρα από το όνομα στο παράθυρο",
                         "it": "testo oltre al nome nella finestra",
                         "ru": "лишний текст в окне смены голоса",
                         "en": "text besides the name in the window"},
    "V-WINDOW-NO-VOTE": {"el": "ψήφος στο παράθυρο χωρίς ψήφο στο κλείδωμα",
                         "it": "voto nella finestra senza voto alla chiusura",
                         "ru": "голос в окне без голоса к закрытию",
                         "en": "window vote without a vote at the lock"},
    "V-INACTIVE-VOTER": {"el": "ψήφος παίκτη εκτός παιχνιδιού",
                         "it": "voto di un giocatore fuori gioco",
                         "ru": "голос выбывшего игрока", "en": "vote by a player not in the game"},
    "V-NON-PLAYER": {"el": "ψήφος από μη παίκτη", "it": "voto di un non giocatore",
                     "ru": "голос не участника", "en": "vote by a non-player"},
    "V-INVALID-TARGET": {"el": "ψήφος σε παίκτη που δεν ψηφίζεται",
                         "it": "voto per un giocatore non votabile",
                         "ru": "голос за игрока, за которого нельзя голосовать",
                         "en": "vote for a player who cannot be voted"},
    "V-MULTI-TARGET": {"el": "πολλά κόκκινα ονόματα", "it": "più nomi in rosso",
                       "ru": "несколько красных ников", "en": "several names marked"},
    "V-EDITED-VOTE": {"el": "η ψήφος άλλαξε με επεξεργασία", "it": "voto modificato con un edit",
                      "ru": "голос изменён правкой", "en": "vote changed by an edit"},
    "V-DEAD-POST": {"el": "μήνυμα παίκτη εκτός παιχνιδιού", "it": "messaggio di un giocatore morto",
                    "ru": "сообщение выбывшего игрока", "en": "post by a player out of the game"},
    "V-LOCKED-VOTE": {"el": "αλλαγή κλειδωμένης ψήφου", "it": "cambio di un voto bloccato",
                      "ru": "изменение закреплённого голоса", "en": "change of a locked vote"},
    "V-EXTRA-POST": {"el": "επιπλέον μήνυμα", "it": "messaggio in più",
                     "ru": "лишнее сообщение в теме голосования",
                     "en": "extra post in the vote thread"},
    "V-LATE": {"el": "εκπρόθεσμη ψήφος", "it": "voto in ritardo", "ru": "голос после окончания",
               "en": "late vote"},
    "V-NO-REASON": {"el": "ψήφος χωρίς αιτιολογία", "it": "voto senza motivazione",
                    "ru": "голос без аргументации", "en": "vote without reasons"},
    "V-NOT-RED": {"el": "όνομα όχι σε κόκκινο", "it": "nome non in rosso",
                  "ru": "ник не выделен красным", "en": "name not in red"},
    "V-VOTE-CHANGE": {"el": "αλλαγή ψήφου", "it": "cambio di voto", "ru": "смена голоса",
                      "en": "vote change"},
    "V-ABSTENTION-LIMIT": {"el": "όριο αποχών", "it": "limite di astensioni superato",
                           "ru": "превышен лимит воздержаний", "en": "abstention limit exceeded"},
    "V-NO-UNVOTE": {"el": "ψήφος χωρίς προηγούμενο unvote", "it": "voto senza unvote precedente",
                    "ru": "голос без снятия прежнего", "en": "vote without a previous unvote"},
    "V-UNKNOWN-TARGET": {"el": "άγνωστο όνομα", "it": "nome sconosciuto", "ru": "неизвестный ник",
                         "en": "unknown name"},
    "V-AMBIGUOUS-TARGET": {"el": "αμφίσημο όνομα", "it": "nome ambiguo", "ru": "неоднозначный ник",
                           "en": "ambiguous name"},
    "V-UNREADABLE-POST": {"el": "μήνυμα που δεν διαβάστηκε ολόκληρο",
                          "it": "messaggio letto solo in parte",
                          "ru": "сообщение прочитано не полностью",
                          "en": "post read only in part"},
    "V-NO-DAY": {"el": "μήνυμα που δεν ανήκει σε καμία ημέρα του προγράμματος",
                 "it": "messaggio fuori da ogni giornata del calendario",
                 "ru": "сообщение вне всех дней расписания",
                 "en": "post in no day of the schedule"},
}

# Why a vote without a violation did not count, by the rule that decided it (C-06).
RULE_REASONS: dict[str, dict[str, str]] = {
    "C-02": {"el": "ο ψηφοφόρος έφυγε πριν από τη λήξη",
             "it": "chi vota era già fuori dal gioco alla chiusura",
             "ru": "голосующий выбыл до окончания", "en": "the voter left before the deadline"},
    "C-04": {"el": "άκυρη χωρίς ευθύνη: ο παίκτης δεν ψηφίζεται πια",
             "it": "nullo senza colpa: il giocatore non è più votabile",
             "ru": "аннулирован без вины: за игрока больше нельзя голосовать",
             "en": "void, no blame: the player can no longer be voted"},
    "PX-17": {"el": "άκυρη χωρίς ευθύνη: ο παίκτης έφυγε",
              "it": "nullo senza colpa: il giocatore è uscito",
              "ru": "аннулирован без вины: игрок выбыл", "en": "void, no blame: the player left"},
    "PX-04": {"el": "μετά το παράθυρο αλλαγής", "it": "dopo la finestra di cambio",
              "ru": "после окна смены голоса", "en": "after the change window"},
    "MS-02": {"el": "μετά την πλειοψηφία", "it": "dopo la maggioranza",
              "ru": "после набора большинства",
              "en": "after the hammer"},
}

_FALLBACK_RULE = {"el": "κανόνας {rule}", "it": "regola {rule}", "ru": "правило {rule}",
                  "en": "rule {rule}"}


# A ruleset's own words (its seed's), overriding STRINGS entries in some languages.
VARIANTS: dict[str, dict[str, dict[str, str]]] = {
    # only the Palermo seeds charge an absence for no vote (PX-18, PC-05): "(απουσία)" there alone
    "palermo-extreme": {"absent": {"el": "Χωρίς ψήφο (απουσία)"}},
    "palermo-classic": {"absent": {"el": "Χωρίς ψήφο (απουσία)"}},
    "lupus-mirtillo": {    # seed: "mandato al rogo", "muore al rogo"
        "outcome_eliminated": {"it": "Va al rogo {players}"},
        "outcome_eliminated@plain": {"it": "Va al rogo {players}"},
        "outcome_eliminated_many": {"it": "Vanno al rogo {players}"},
        "outcome_eliminated_many@plain": {"it": "Vanno al rogo {players}"},
        "outcome_no_elimination": {"it": "Nessuno va al rogo"},
        "now_eliminated": {"it": "Se la votazione chiudesse ora, andrebbe al rogo {players}"},
        "now_eliminated@plain": {"it": "Se la votazione chiudesse ora, andrebbe al rogo {players}"},
        "now_eliminated_many": {
            "it": "Se la votazione chiudesse ora, andrebbero al rogo {players}"},
        "now_eliminated_many@plain": {
            "it": "Se la votazione chiudesse ora, andrebbero al rogo {players}"},
        "now_no_elimination": {"it": "Se la votazione chiudesse ora, nessuno andrebbe al rogo"},
        "watch_eliminated": {"it": "al rogo {players}"},
        "watch_eliminated@plain": {"it": "al rogo {players}"},
        "watch_no_elimination": {"it": "nessuno al rogo"},
    },
    "mafia-forum-ru": {    # seed: "Каждый ход", "отправляется на виселицу", "пропавшим без вести"
        "title": {"ru": "Итоги голосования — ход {day}"},
        "day": {"ru": "Ход {day}"},
        "watch_head": {"ru": "{title} — ход {day} — {left}"},
        "outcome_eliminated": {"ru": "На виселицу отправляется {players}"},
        "outcome_eliminated@plain": {"ru": "На виселицу отправляется {players}"},
        "outcome_eliminated_many": {"ru": "На виселицу отправляются: {players}"},
        "outcome_eliminated_many@plain": {"ru": "На виселицу отправляются: {players}"},
        "outcome_no_elimination": {"ru": "Никто не отправляется на виселицу"},
        "now_eliminated": {"ru": "При закрытии голосования сейчас на виселицу отправляется "
                                 "{players}"},
        "now_eliminated@plain": {"ru": "При закрытии голосования сейчас на виселицу "
                                       "отправляется {players}"},
        "now_eliminated_many": {"ru": "При закрытии голосования сейчас на виселицу "
                                      "отправляются: {players}"},
        "now_eliminated_many@plain": {"ru": "При закрытии голосования сейчас на виселицу "
                                            "отправляются: {players}"},
        "now_no_elimination": {"ru": "При закрытии голосования сейчас никто не отправляется на "
                                     "виселицу"},
        "watch_eliminated": {"ru": "на виселицу {players}"},
        "watch_eliminated@plain": {"ru": "на виселицу {players}"},
        "watch_no_elimination": {"ru": "никто не отправляется на виселицу"},
        "removal_inactive": {"ru": "пропадает без вести (ни одного сообщения за ход)"},
        "removal_no-vote": {"ru": "пропадает без вести (второй отказ от голосования)"},
        # the audit's lines name the turn as the day's own heading does ("Ход 3")
        "audit_win": {"ru": "Конец игры: наступил на ходу {day}, после выбывания {after:gen} — "
                            "{wins}"},
        "audit_win@plain": {"ru": "Конец игры: наступил на ходу {day}, после выбывания игрока "
                                  "{after} — {wins}"},
        "audit_win_alone": {"ru": "Конец игры: наступил на ходу {day} — {wins}"},
        "audit_went_on": {"ru": "Игра продолжалась после конца: ходы {days}"},
        "audit_summary_diff": {"ru": "Расхождения с объявленным: ходы {days}"},
        "audit_on_day": {"ru": "на ходу {days}"},
        "audit_on_days": {"ru": "на ходах {days}"},
    },
    "mafia-baku": {        # seed: "никто не покидает игру", "удаляется из игры"
        "outcome_no_elimination": {"ru": "Никто не покидает игру"},
        "removal_no-vote": {"ru": "удаление из игры (нет голоса)"},
    },
}


def text(key: str, lang: str, ruleset: str | None = None) -> str:
    """The entry's template in ``lang``, the ruleset's own word where it has one."""
    own = VARIANTS.get(ruleset or "", {}).get(key, {}).get(lang)
    return own if own is not None else STRINGS[key][lang]


class _Phrase(string.Formatter):
    """str.format with the grammar's specs: a case for a name, a counted noun for a number."""

    def __init__(self, lang: str):
        self.lang = lang

    def format_field(self, value: object, format_spec: str) -> str:
        if format_spec in grammar.CASES:
            names = list(value) if isinstance(value, (list, tuple)) else [value]
            return grammar.join((grammar.named(str(n), format_spec, self.lang) for n in names),
                                self.lang)
        if format_spec in grammar.NOUNS:
            return grammar.count(int(value), format_spec, self.lang)  # type: ignore[call-overload]
        if isinstance(value, (list, tuple)):
            return grammar.join((str(v) for v in value), self.lang)
        return super().format_field(value, format_spec)


def _undeclinable(template: str, lang: str, kw: dict) -> bool:
    """Whether a name the template declines cannot be declined safely."""
    for _, field, spec, _ in string.Formatter().parse(template):
        if field and spec in grammar.CASES:
            value = kw.get(field)
            names = value if isinstance(value, (list, tuple)) else [value]
            if any(not grammar.declinable(str(n), lang) for n in names):
                return True
    return False


def format_phrase(template: str, lang: str, values: dict) -> str:
    """A template of the catalogue filled in, names declined and nouns counted (no @plain)."""
    return _Phrase(lang).format(template, **values)


def t(key: str, lang: str, *, ruleset: str | None = None, **kw: object) -> str:
    """The message ``key`` in ``lang`` with ``kw`` filled in (see the module docstring)."""
    template = text(key, lang, ruleset)
    if f"{key}@plain" in STRINGS and _undeclinable(template, lang, kw):
        template = text(f"{key}@plain", lang, ruleset)
    return _Phrase(lang).format(template, **kw)


def labels(lang: str, ruleset: str | None = None) -> dict[str, str]:
    """Every fixed word (an entry without a placeholder), for the templates' ``L``."""
    out = {}
    for key in STRINGS:
        if "@" in key:
            continue
        word = text(key, lang, ruleset)
        if "{" not in word:
            out[key] = word
    return out


def clause(lang: str) -> str:
    """What joins two clauses of one sentence: "; " ("· " in Greek, whose ";" is "?")."""
    return grammar.CLAUSE[lang]


def violation_text(code: str, lang: str) -> str:
    row = VIOLATIONS.get(code)
    if row:
        return row[lang]
    safe = "".join(c for c in str(code) if c.isascii() and (c.isalnum() or c in "-."))[:40]
    return _FALLBACK_RULE[lang].format(rule=safe or "?")


def removal_text(reason: str, lang: str, ruleset: str | None = None) -> str:
    key = f"removal_{reason}"
    return t(key, lang, ruleset=ruleset) if key in STRINGS else _safe(reason)


def reason_text(reason: str | None, lang: str, player: str = "",
                between: list[str] | tuple[str, ...] = ()) -> str:
    """The outcome's reason (``player``: who leaves; ``between``: a runoff's or poll's
    candidates, escaped by the caller)."""
    key = f"reason_{reason}"
    if key not in STRINGS:
        return _safe(reason)
    if reason in ("runoff", "poll") and not between:
        key += "_alone"
    return t(key, lang, player=player, between=grammar.join(between, lang))


def win_text(winners: list[str], lang: str, esc=str) -> str:
    """Who wins, in the seeds' words ("νικητές είναι οι πολίτες"); several sides together
    (LM-08); a faction the game file writes in its own words as written, escaped."""
    if len(winners) == 1:
        key = f"win_{winners[0]}"
        return t(key, lang) if key in STRINGS else t("win_other", lang, w=esc(winners[0]))
    words = [SIDES[w][lang] if w in SIDES else esc(w) for w in winners]
    return t("win_several", lang, w=grammar.join(words, lang))


def vote_reason(status: str, rule: str, lang: str) -> str:
    """A vote that did not count, without a violation: the rule's reason, else its status."""
    row = RULE_REASONS.get(rule) if status != "counted" else None
    return row[lang] if row else status_text(status, lang)


def status_text(status: str, lang: str) -> str:
    row = STATUSES.get(status)
    return row[lang] if row else _safe(status)


def _safe(word: object) -> str:
    """An unknown key from the input, kept to letters, digits and dashes (it is printed as ours)."""
    return "".join(c for c in str(word or "") if c.isalnum() or c in " -")[:40]
