"""The audit report's own words in el, it, ru, en (violation lines come from report/i18n.py)."""

from __future__ import annotations

AUDIT: dict[str, dict[str, str]] = {
    "title": {"el": "Έλεγχος παιχνιδιού — {game}", "it": "Verifica della partita — {game}",
              "ru": "Проверка игры — {game}", "en": "Game audit — {game}"},
    "day": {"el": "Ημέρα {day}", "it": "Giorno {day}", "ru": "День {day}", "en": "Day {day}"},
    "computed": {"el": "Αποτέλεσμα votal", "it": "Esito calcolato da votal",
                 "ru": "Итог по подсчёту votal", "en": "votal's result"},
    "violations": {"el": "Παραβάσεις", "it": "Violazioni", "ru": "Нарушения", "en": "Violations"},
    "review": {"el": "Προς έλεγχο", "it": "Da verificare", "ru": "На проверку",
               "en": "For a human to decide"},
    "edits": {"el": "Ψήφοι που άλλαξαν με επεξεργασία (C-07)",
              "it": "Voti cambiati con un edit (C-07)",
              "ru": "Голоса, изменённые правкой (C-07)", "en": "Votes changed by an edit (C-07)"},
    "edit_line": {"el": "{player}: {first} → {later}, φάνηκε {seen}",
                  "it": "{player}: {first} → {later}, visto il {seen}",
                  "ru": "{player}: {first} → {later}, замечено {seen}",
                  "en": "{player}: {first} → {later}, first seen {seen}"},
    "after_deadline": {"el": "ΜΕΤΑ το κλείσιμο της ψηφοφορίας", "it": "DOPO la chiusura del voto",
                       "ru": "ПОСЛЕ закрытия голосования", "en": "AFTER the vote closed"},
    "counts": {"el": "Καταμετρήσεις της ΣΕ: {ok}/{n} συμφωνούν",
               "it": "Conteggi dei master: {ok}/{n} concordano",
               "ru": "Подсчёты ведущих: совпадают {ok} из {n}",
               "en": "Moderators' counts: {ok}/{n} agree"},
    "count_ok": {"el": "συμφωνεί", "it": "concorda", "ru": "совпадает", "en": "agrees"},
    "count_diff": {"el": "{target}: ΣΕ {announced}, votal {computed}",
                   "it": "{target}: master {announced}, votal {computed}",
                   "ru": "{target}: ведущий {announced}, votal {computed}",
                   "en": "{target}: moderator {announced}, votal {computed}"},
    "missing": {"el": "λείπουν", "it": "mancano", "ru": "не указаны", "en": "missing"},
    "extra": {"el": "περιττοί", "it": "in più", "ru": "лишние", "en": "extra"},
    "voter_diff": {"el": "{voter}: ΣΕ → {announced}, votal → {computed}",
                   "it": "{voter}: master → {announced}, votal → {computed}",
                   "ru": "{voter}: у ведущего → {announced}, у votal → {computed}",
                   "en": "{voter}: moderator → {announced}, votal → {computed}"},
    "unresolved": {"el": "άγνωστα ονόματα", "it": "nomi sconosciuti", "ru": "неизвестные ники",
                   "en": "unknown names"},
    "eliminations": {"el": "Ανακοινωμένες αποχωρήσεις", "it": "Eliminazioni annunciate",
                     "ru": "Объявленные выбывания", "en": "Announced eliminations"},
    "draw": {"el": "Κλήρωση LM-06: {cursed} (σπόρος {seed}, {source})",
             "it": "Sorteggio LM-06: {cursed} (seme {seed}, {source})",
             "ru": "Жеребьёвка LM-06: {cursed} (зерно {seed}, {source})",
             "en": "LM-06 draw: {cursed} (seed {seed}, {source})"},
    "draw_audit": {"el": "σπόρος από τίτλο και ημέρα, υπολογισμένος από τον έλεγχο",
                   "it": "seme da titolo e giorno, calcolato dalla verifica",
                   "ru": "зерно из названия и дня, вычислено проверкой",
                   "en": "seed from title and day, drawn by the audit"},
    "draw_engine": {"el": "σπόρος της καταμέτρησης", "it": "seme del conteggio",
                    "ru": "зерно подсчёта", "en": "the tally's seed"},
    "win": {"el": "Τέλος παιχνιδιού ({rule}): ίσχυε την ημέρα {day} μετά την αποχώρηση του {after} — νικούν: {winners}",
            "it": "Fine partita ({rule}): raggiunta il giorno {day} dopo l'uscita di {after} — vincono: {winners}",
            "ru": "Конец игры ({rule}): наступил в день {day} после выбывания {after} — побеждают: {winners}",
            "en": "End of game ({rule}): reached on day {day} after {after} left — winners: {winners}"},
    "went_on": {"el": "Το παιχνίδι συνεχίστηκε μετά το τέλος του: ημέρες {days}",
                "it": "La partita è continuata dopo la fine: giorni {days}",
                "ru": "Игра продолжалась после конца: дни {days}",
                "en": "The game went on after its end: days {days}"},
    "summary_ok": {"el": "Όλες οι ημέρες συμφωνούν με τις ανακοινώσεις.",
                   "it": "Tutti i giorni concordano con gli annunci.",
                   "ru": "Все дни совпадают с объявленным.",
                   "en": "Every day agrees with what was announced."},
    "summary_diff": {"el": "Διαφωνίες με τις ανακοινώσεις: ημέρες {days}",
                     "it": "Differenze con gli annunci: giorni {days}",
                     "ru": "Расхождения с объявленным: дни {days}",
                     "en": "Disagreements with what was announced: days {days}"},
    "announcement": {"el": "ανακοίνωση, μήνυμα {where}", "it": "annuncio, messaggio {where}",
                     "ru": "объявление, сообщение {where}", "en": "announcement, post {where}"},
    "event": {"el": "αρχείο παιχνιδιού, {where}", "it": "file della partita, {where}",
              "ru": "файл игры, {where}", "en": "game file, {where}"},
    "unread": {"el": "Φράσεις αποχώρησης χωρίς όνομα παίκτη (προς έλεγχο)",
               "it": "Frasi di eliminazione senza un giocatore (da verificare)",
               "ru": "Фразы о выбывании без ника игрока (на проверку)",
               "en": "Elimination phrases naming no player (for a human)"},
    "none": {"el": "καμία", "it": "nessuno", "ru": "нет", "en": "none"},
}


SIDES: dict[str, dict[str, str]] = {
    "town": {"el": "πολίτες", "it": "villaggio", "ru": "мирные", "en": "town"},
    "mafia": {"el": "δολοφόνοι", "it": "mafia", "ru": "мафия", "en": "mafia"},
    "village": {"el": "χωριό", "it": "Villaggio", "ru": "деревня", "en": "village"},
    "pack": {"el": "αγέλη", "it": "Branco", "ru": "стая", "en": "pack"},
    "coven": {"el": "βρικόλακες", "it": "Congrega", "ru": "ковен", "en": "coven"},
}


def side_name(side: str, lang: str) -> str:
    return SIDES.get(side, {}).get(lang, side)


def a(key: str, lang: str, **kw: object) -> str:
    return AUDIT[key][lang].format(**kw)
