"""Nickname matching (rules.md vocabulary): fold, then aliases, then fuzzy; never guessed."""

from __future__ import annotations

import pytest

from votal.tally.names import NameResolver, Resolution, fold

# --- fold ------------------------------------------------------------------------------------


@pytest.mark.parametrize("a, b", [
    ("Λάμπρος", "ΛΑΜΠΡΟΣ"),          # accents (tonos) and case
    ("Λάμπρος", "λαμπρος"),          # final sigma ς = σ
    ("Ёж", "Еж"),                      # Cyrillic ё = е
    ("ёж", "ЕЖ"),
    ("Niccolò", "niccolo"),            # Italian accents
    ("Nicolò", "NICOLO"),
    ("Lupo  Mannaro", " lupo mannaro "),
    ("Lisa", "Lisа"),                  # last letter Cyrillic а
    ("Лиса", "Лиcа"),                  # Cyrillic word with a Latin c
    ("ALEXIS", "ΑLΕΧΙS"),              # Greek Α, Ε, Χ, Ι inside a Latin name
    ("Ann\u200bа", "anna"),            # zero-width space, Cyrillic а
])
def test_fold_equal(a: str, b: str) -> None:
    assert fold(a) == fold(b)


def test_latin_greek_cyrillic_a_fold_equal() -> None:
    assert fold("A") == fold("Α") == fold("А") == "a"   # Latin, Greek, Cyrillic capital A


@pytest.mark.parametrize("a, b", [
    ("Nikos", "Niko"), ("Лиса", "Лис"), ("Anna", "Anne"), ("Νίκος", "Nikos"),  # σ is no "s"
])
def test_fold_keeps_different_names_apart(a: str, b: str) -> None:
    assert fold(a) != fold(b)


# --- resolver --------------------------------------------------------------------------------

PLAYERS = {
    "Lampros": ["Λάμπρος", "lamp"],
    "Nikos": [],
    "Niko": [],
    "Лиса": [],
    "Ёж": [],
    "Niccolò": ["Nic"],
    "Aj The Epic": [],
    "_Sherlock_": [],
    "TheTrollie": [],
    "Reckamonic": [],
    "Empking": ["moose200x"],           # replaced moose200x (MS-04 slot name)
}


@pytest.fixture(scope="module")
def resolver() -> NameResolver:
    return NameResolver(PLAYERS)


@pytest.mark.parametrize("text, player, how", [
    ("Lampros", "Lampros", "exact"),
    ("Λάμπρος", "Lampros", "alias"),
    ("ΛΑΜΠΡΟΣ", "Lampros", "alias"),
    ("λαμπρος", "Lampros", "alias"),
    ("LAMP", "Lampros", "alias"),
    ("lampros", "Lampros", "folded"),
    (" Nikos ", "Nikos", "exact"),
    ("NIKOS", "Nikos", "folded"),
    ("niko", "Niko", "folded"),
    ("Лиса", "Лиса", "exact"),
    ("ЛИСА", "Лиса", "folded"),
    ("Лиcа", "Лиса", "folded"),         # Latin c inside
    ("Еж", "Ёж", "folded"),
    ("niccolo", "Niccolò", "folded"),
    ("NIC", "Niccolò", "alias"),
    ("Aj the epic", "Aj The Epic", "folded"),
    ("AjTheEpic", "Aj The Epic", "folded"),
    ("Sherlock", "_Sherlock_", "folded"),
    ("moose200x", "Empking", "alias"),
])
def test_resolves(resolver: NameResolver, text: str, player: str, how: str) -> None:
    assert resolver.resolve(text) == Resolution(player, how, ())


@pytest.mark.parametrize("text, player, how", [
    ("Nikoss", "Nikos", "fuzzy"),          # one letter too many: Nikos 83%, Niko 67%
    ("Lamprso", "Lampros", "fuzzy"),       # two letters swapped
    ("Reckamonik", "Reckamonic", "fuzzy"),
    ("Reck", "Reckamonic", "prefix"),      # a unique start of a name, 4 letters or more
    ("Trollie", "TheTrollie", "word"),     # a word of a name (capitals start words)
    ("Aj", "Aj The Epic", "word"),
    ("moose", "Empking", "word"),          # a word of an alias ("moose200x")
    ("Lampros because he is quiet", "Lampros", "fuzzy"),   # the name inside a longer text
])
def test_resolves_inexactly(resolver: NameResolver, text: str, player: str, how: str) -> None:
    assert resolver.resolve(text) == Resolution(player, how, ())


@pytest.mark.parametrize("text, candidates", [
    ("Nik", ("Niko", "Nikos")),            # start of both
    ("Nikoz", ("Niko", "Nikos")),          # one edit from each
    ("Nikos Niko", ("Niko", "Nikos")),     # both named
    ("Lampros or Reckamonic", ("Lampros", "Reckamonic")),
])
def test_ambiguous_is_never_guessed(resolver: NameResolver, text: str,
                                    candidates: tuple[str, ...]) -> None:
    assert resolver.resolve(text) == Resolution(None, "ambiguous", candidates)


@pytest.mark.parametrize("text", ["", "   ", "Zorro", "Ni co la", "Abcdefgh", "La"])
def test_unknown(resolver: NameResolver, text: str) -> None:
    assert resolver.resolve(text) == Resolution(None, "unknown", ())


def test_players_that_fold_equal_are_always_ambiguous() -> None:
    # "Anna" in Latin letters and "Аnna" with a Cyrillic А look the same on screen
    r = NameResolver({"Anna": [], "\u0410nna": []})
    for text in ("Anna", "\u0410nna", "ANNA", "anna", "Anna!"):
        assert r.resolve(text) == Resolution(None, "ambiguous", ("Anna", "\u0410nna"))


def test_alias_clashing_with_another_players_name_is_ambiguous() -> None:
    r = NameResolver({"Maria": ["Mary"], "Mary": []})
    assert r.resolve("Mary") == Resolution(None, "ambiguous", ("Maria", "Mary"))
    assert r.resolve("mary") == Resolution(None, "ambiguous", ("Maria", "Mary"))
    assert r.resolve("Maria").player == "Maria"


def test_fuzzy_can_be_switched_off() -> None:
    r = NameResolver({"Nikos": [], "Babis": []}, fuzzy=False)
    assert r.resolve("Nikoss").how == "unknown"
    assert r.resolve("nikos").player == "Nikos"


def test_threshold_is_a_parameter() -> None:
    strict = NameResolver({"Abaddon": [], "Kinetic": []}, threshold=90.0)
    lenient = NameResolver({"Abaddon": [], "Kinetic": []}, threshold=70.0)
    assert strict.resolve("Abadfon").how == "unknown"    # 1 edit of 7: 86%
    assert lenient.resolve("Abadfon").player == "Abaddon"


def test_doubled_letter_misspelling_resolves_uniquely():
    """Vocabulary (fuzzy with a clear threshold): 'Abbadon' for 'Abaddon' (real game 1390)."""
    r = NameResolver({"Thor665": ["Abaddon"], "Tommy": [], "Kinetic": []})
    assert r.resolve("Abbadon").player == "Thor665"
    # two players that differ only by a doubled letter stay ambiguous for a misspelt third form
    twins = NameResolver({"Anna": [], "Ana": [], "Bob": []})
    assert twins.resolve("Aana").how == "ambiguous"
    # collapsing runs is not a licence for other differences
    assert r.resolve("Abbadun").how == "unknown"


# --- the name rules of issue 10 (README "Names", tests 3-6) ------------------------------------

SHAPES = {"Gray Swan": [], "TheLastKnight": [], "IWinMostTimes": [], "QRZTRaven": [],
          "turnipsoup": [], "Mikhos": [], "Zebedee": [], "Νίκος": [], "Μαύρος Γάτος": [],
          "Лиса": [], "Thor665": ["Abaddon"], "my_wicked.kite": []}


@pytest.mark.parametrize("text, player, how", [
    ("GS", "Gray Swan", "initials"), ("gs", "Gray Swan", "initials"),
    ("G.S.", "Gray Swan", "initials"),
    ("TLK", "TheLastKnight", "initials"), ("IWMT", "IWinMostTimes", "initials"),
    ("IMWT", "IWinMostTimes", "initials"),           # two neighbouring letters swapped
    ("MWK", "my_wicked.kite", "initials"),           # words split on _ and .
    ("ΜΓ", "Μαύρος Γάτος", "initials"),              # Greek initials
    ("Raven", "QRZTRaven", "word"), ("QRZT", "QRZTRaven", "word"),
    ("Knight", "TheLastKnight", "word"), ("Thor", "Thor665", "word"), ("wicked", "my_wicked.kite", "word"),
    ("Γάτος", "Μαύρος Γάτος", "word"),
    ("turni", "turnipsoup", "prefix"), ("tunrip", "turnipsoup", "prefix"),
    ("mika", "Mikhos", "prefix"), ("Zebe", "Zebedee", "prefix"),
    ("Nikos", "Νίκος", "transliteration"), ("Lisa", "Лиса", "transliteration"),
    ("MG", "Μαύρος Γάτος", "transliteration"), ("Mavros", "Μαύρος Γάτος", "transliteration"),
    ("Nikoss", "Νίκος", "transliteration"),          # fuzzy, on the transliteration
])
def test_name_rules(text: str, player: str, how: str) -> None:
    res = NameResolver(SHAPES).resolve(text)
    assert res == Resolution(player, how, ())
    assert res.resolved_by == how


def test_short_prefixes_are_an_option() -> None:
    assert NameResolver(SHAPES).resolve("zeb").how == "unknown"
    assert NameResolver(SHAPES, short_prefixes=True).resolve("zeb") == \
        Resolution("Zebedee", "prefix", ())


def test_transliteration_works_both_ways() -> None:
    r = NameResolver({"Nikos": [], "Lisa": [], "Bob": []})
    assert r.resolve("Νίκος") == Resolution("Nikos", "transliteration", ())
    assert r.resolve("Лиса") == Resolution("Lisa", "transliteration", ())
    # without it, the look-alike letters of "Νίκος" are only 80% similar to "nikos"
    assert NameResolver({"Nikos": []}, transliterate=False).resolve("Νίκος").how == "fuzzy"


@pytest.mark.parametrize("players, text", [
    (["Gray Swan", "Green Sun"], "GS"),                 # initials of two players
    (["IWinMostTimes", "IMustWinToday"], "IMWT"),       # one's initials, the other's swapped
    (["TheLastKnight", "Knight Rider"], "Knight"),      # a word of two names
    (["QRZTRaven", "Ravenclaw"], "Raven"),              # a word of one, the start of another
    (["Mikhos", "Mikros"], "mika"),                     # a prefix one edit from two names
    (["Turnipsoup", "Turnipseed"], "tunrip"),
    (["Μάρκος", "Маркос"], "Markos"),                   # transliteration of two names
    (["Big Old Bear Ox", "Boboxer"], "BOBO"),           # initials and the start of a name
])
def test_each_name_rule_refuses_when_two_players_fit(players: list[str], text: str) -> None:
    for short in (False, True):
        res = NameResolver({p: [] for p in players}, short_prefixes=short).resolve(text)
        assert res == Resolution(None, "ambiguous", tuple(sorted(players))), (text, res)


def test_short_prefix_refuses_when_two_players_fit() -> None:
    r = NameResolver({"Zebedee": [], "Zebra": [], "Bob": []}, short_prefixes=True)
    assert r.resolve("zeb") == Resolution(None, "ambiguous", ("Zebedee", "Zebra"))


def test_exact_names_and_aliases_are_not_resolved_by() -> None:
    r = NameResolver(SHAPES)
    for text in ("Gray Swan", "gray swan", "Abaddon", "GraySwan"):
        assert r.resolve(text).resolved_by is None


# --- a player named on the command line (issue 20: names work the same everywhere) -------------

def test_pick_player_reads_a_name_as_a_vote_is_read(resolver: NameResolver) -> None:
    from votal.tally.names import pick_player

    for text, player in (("LAMP", "Lampros"), ("Λάμπρος", "Lampros"), ("лиса", "Лиса"),
                         ("moose200x", "Empking"), ("Reck", "Reckamonic")):
        assert pick_player(resolver, text) == player == resolver.resolve(text).player


def test_pick_player_names_the_closest_or_the_clash(resolver: NameResolver) -> None:
    from votal.errors import InputError
    from votal.tally.names import closest, pick_player

    with pytest.raises(InputError, match=r"^--player 'Zzzz': no player of this game is called "
                                         r"so$"):
        pick_player(resolver, "Zzzz", what="--player")
    assert closest(resolver, "Lambdas") == ["Lampros"]
    assert closest(NameResolver({"Νίκος": [], "Μαρία": []}, fuzzy=False), "Nicos")[0] == "Νίκος"
    with pytest.raises(InputError, match=r"'Lambdas': no player .*; closest: Lampros"):
        pick_player(NameResolver(PLAYERS, fuzzy=False), "Lambdas")
    with pytest.raises(InputError, match=r"'Nik': more than one player could be meant "
                                         r"\(Niko, Nikos\); give more of the name"):
        pick_player(resolver, "Nik")


# --- names as players write them in votes (issue 21 item 5) ------------------------------------

FORMS = {"YES YES YES": [], "captaineddie": [], "killerjester": [], "Thestatusquo": [], "Firebringer": [],
         "TL Cool Name": [], "JJBinks": [], "notscience": [], "gendaberry": [], "Porkens": [],
         "DeathRowKitty": [], "Lord Mhork": []}


@pytest.mark.parametrize("text, player", [
    ("CE", "captaineddie"), ("ce", "captaineddie"),       # a name without capitals, split by words
    ("KJ", "killerjester"), ("kj", "killerjester"),       # real game 1494: "[vote]KJ[/vote]"
    ("TSQ", "Thestatusquo"),                              # real game 1789: "VOTE: TSQ"
    ("FB", "Firebringer"),                                # real game 1789: "VOTE: FB"
    ("NS", "notscience"),
    ("TLCN", "TL Cool Name"), ("TL Cool Name", "TL Cool Name"), ("Cool Name", "TL Cool Name"),
    ("tlcoolname", "TL Cool Name"), ("TL", "TL Cool Name"),     # a multi-word nickname
    ("JJB", "JJBinks"),                                   # a letter abbreviation
    ("DRK", "DeathRowKitty"), ("LM", "Lord Mhork"),
    ("Yesx3", "YES YES YES"), ("yes x 3", "YES YES YES"),   # real game 1509: "VOTE: Yesx3"
])
def test_name_forms_in_votes(text: str, player: str) -> None:
    assert NameResolver(FORMS).resolve(text).player == player


@pytest.mark.parametrize("text", ["GB", "GEAB", "PE", "XYZ"])
def test_a_word_list_guess_is_no_split(text: str) -> None:
    """"gendaberry" does not split into real words ("g end a berry"): no initials from it;
    "Porkens" is too short a word to be taken apart ("pork ens" would be a guess)."""
    assert NameResolver(FORMS).resolve(text).player is None


def test_name_forms_two_players_fit_go_to_review_with_both() -> None:
    r = NameResolver({"JJBinks": [], "Jar Jar Binks": [], "captaineddie": [], "CrazyEel": []})
    assert r.resolve("JJB") == Resolution(None, "ambiguous", ("JJBinks", "Jar Jar Binks"))
    assert r.resolve("CE") == Resolution(None, "ambiguous", ("CrazyEel", "captaineddie"))
