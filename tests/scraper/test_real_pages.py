"""Every real saved thread page in ../shared/real/engines/ parses completely with its engine.

One case per HTML page; the folder name is the engine. The expected post counts come from
../shared/real/engines/README.md (checked by hand against the markup). JSON/Markdown API
answers in that folder are not pages: their adapters test them on their own.
"""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest

from tests.conftest import shared_path
from votal.scraper import engines
from votal.scraper.encoding import decode

REAL = ("real", "engines")
NOW = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)
UTC = ZoneInfo("UTC")

# folder -> {file: (registry name, posts on the page, page URL)}; counts read off the markup
# (the README's where it is right: avsforum shows 20 posts, the opening one and 19 replies).
PAGES = {
    "xenforo2": {
        "xenforo_com_community_dark-theme-option_8276.html": (
            "xenforo2", 8, "https://xenforo.com/community/threads/a-dark-theme-option.8276/"),
        "basenotes_thread547532_p1_xf23_en.html": (
            "xenforo2", 20, "https://basenotes.com/threads/fragrance-budget-or-limit-for-2024.547532/"),
        "avsforum_thread3291860_p1_vs-xf2_en.html": (  # VerticalScope's theme (issue 11)
            "xenforo2", 20,
            "https://www.avsforum.com/threads/replacement-projector-recommendations-2024.3291860/"),
    },
    "xenforo1": {"sufficientvelocity_renascence_10402_page54.html": (
        "xenforo1", 25, "https://forums.sufficientvelocity.com/threads/"
                        "renascence-a-homura-quest.10402/page-54")},
    "phpbb": {
        "ilovephilosophy_biological-will_phpbb30.html": (
            "phpbb", 25, "http://www.ilovephilosophy.com/viewtopic.php?f=1&t=194998&start=25"),
        "nationstates_football-season_p1_phpbb3_en.html": (
            "phpbb", 25, "https://forum.nationstates.net/viewtopic.php?f=20&t=487157"),
        "bogleheads_t425337_phpbb33_en.html": (
            "phpbb", 7, "https://www.bogleheads.org/forum/viewtopic.php?t=425337"),
    },
    "vbulletin3": {
        "animesuki_hibike-euphonium_p152_vb3811.html": (
            "vbulletin3", 20, "https://forums.animesuki.com/showthread.php?t=128882&page=152"),
        "flyertalk_2212958_vb3938-ib_en.html": (  # the date sits between template comments
            "vbulletin3", 13, "https://www.flyertalk.com/forum/trip-reports/"
                              "2212958-scenic-turkish-french-sights-lowjhg.html"),
    },
    "vbulletin4": {
        "militarytimes_9687_vb423.html": (
            "vbulletin4", 10, "http://forums.militarytimes.com/showthread.php/"
                              "9687-Legendary-military-columnist-author-Bob-Dorr-dies-at-76"),
        "webhostingtalk_t1930933_vb422_en.html": (
            "vbulletin4", 18, "https://www.webhostingtalk.com/showthread.php?t=1930933"),
    },
    "vbulletin5": {"fandompost_isekai-quartet_727744_vb552.html": (
        "vbulletin5", 15, "https://fandompost.vbulletin.net/forum/anime-manga-discussions/"
                          "general-anime-discussions/727744-isekai-quartet-discussion-thread")},
    "invision": {
        "kerbalspaceprogram_topic225132_p1_ic5_en.html": (
            "invision", 25,
            "https://forum.kerbalspaceprogram.com/topic/225132-if-the-forum-comes-to-an-end-soon/"),
        "hustle-sa_showtopic2969_ipb13_ru.html": (
            "ipb", 15, "http://hustle-sa.ru/forum/index.php?showtopic=2969"),
        "hustle-sa_showtopic3376_ipb13_ru.html": (
            "ipb", 15, "http://hustle-sa.ru/forum/index.php?showtopic=3376"),
    },
    "smf": {
        "contribs_org_topic38573_smf20.html": (
            "smf", 15, "http://forums.contribs.org/index.php/topic,38573.0.html"),
        "simplemachines_topic589061_smf216_en.html": (
            "smf", 4, "https://www.simplemachines.org/community/index.php?topic=589061.0"),
    },
    "mybb": {
        "sinister_ly_mybb-or-vbulletin_p1.html": (
            "mybb", 10, "https://sinister.ly/Thread-Mybb-or-vBulletin"),
        "mybb_community_smf-vs-mybb_mybb18_en.html": (
            "mybb", 10, "https://community.mybb.com/thread-222085.html"),
    },
    "nodebb": {
        "NodeBB.html": ("nodebb", 13, "https://community.nodebb.org/topic/13512/x"),
        "nodebb_community_t18427_nodebb4_en.html": (
            "nodebb", 12, "https://community.nodebb.org/topic/18427/rc1-of-nodebb-v4"),
    },
    "discourse": {"straightdope_t1012822_best-movies-2024_en.html": (
        "discourse", 15, "https://boards.straightdope.com/t/the-best-movies-of-2024/1012822")},
    # README counts 4 div.post; the 4th (id p0, "Gesponserte Inhalte") is Forumotion's ad slot.
    "forumotion": {"forumieren_wolfsrebellen_t7_de.html": (
        "forumotion", 3, "https://wolfsrebellen-netz.forumieren.com/t7-forums-regeln")},
    # engines added for issue 11 (a strict expected failure while an adapter is not registered)
    "phpbb2": {
        "freemancruiser_t805_phpbb2_en.html": (
            "phpbb2", 3, "http://www.freemancruiser.com/forum/viewtopic.php?t=805"),
        "rutracker_t5194116_torrentpier_ru.html": (
            "phpbb2", 2, "https://rutracker.org/forum/viewtopic.php?t=5194116"),
    },
    "punbb_fluxbb": {"archlinux_bbs_id298271_fluxbb_en.html": (
        "fluxbb", 25, "https://bbs.archlinux.org/viewtopic.php?id=298271")},
    "flarum": {"discuss_flarum_d2068_en.html": (
        "flarum", 20,
        "https://discuss.flarum.org/d/2068-types-of-threads-flarum-as-a-discussion-engine")},
    "vanilla": {"open_vanillaforums_discussion39620_vanilla3_en.html": (
        "vanilla", 4, "https://open.vanillaforums.com/discussion/39620/"
                      "higher-logic-has-terminated-open-source-vanilla")},
}
# pages of defunct platforms: recognised and refused in one line (tests/scraper/test_engines_more.py)
RETIRED = {("curse", "mtgsalvation_unreliable-cops-mafia_p1_en.html"): "curse"}


def _registered(name: str) -> bool:
    return name in {e.name for e in engines.all_engines()}


def _cases():
    for folder, files in PAGES.items():
        for fname, (name, count, url) in files.items():
            marks = [] if _registered(name) else [pytest.mark.xfail(
                strict=True, reason=f"adapter '{name}' not registered yet")]
            yield pytest.param(folder, name, fname, count, url, marks=marks,
                               id=f"{folder}/{fname}")


def _read(folder: str, fname: str) -> bytes:
    return shared_path(*REAL, folder, fname).read_bytes()


@pytest.mark.parametrize("folder,name,fname,count,url", list(_cases()))
def test_real_page_parses_completely(folder, name, fname, count, url):
    data = decode(_read(folder, fname), None)  # as a saved page is read (<meta charset>)
    engine = engines.for_page(data, url)
    assert engine.name == name
    posts = engine.parse_page(data, url, UTC, NOW)
    assert len(posts) == count
    assert len({p.id for p in posts}) == count
    for p in posts:
        assert not p.problems, f"post {p.id}: {', '.join(p.problems)} not read"
        assert p.id and p.author.strip(), p
        assert p.time.tzinfo is not None and p.time.utcoffset() is not None
        assert p.html.strip(), f"post {p.id} has an empty body"
        assert p.url.startswith("http"), p.url
    numbers = [p.number for p in posts]
    assert all(n is not None for n in numbers)
    assert numbers == sorted(numbers) and len(set(numbers)) == count


def test_every_html_real_page_is_listed():
    """A page added to ../shared/real/engines/ must get an expected count here."""
    root = shared_path(*REAL)
    listed = {(folder, f) for folder, files in PAGES.items() for f in files}
    on_disk = {(p.parent.name, p.name) for p in root.glob("*/*.html")} - set(RETIRED)
    assert on_disk == listed

