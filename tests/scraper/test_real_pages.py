"""Every real saved thread page in ../shared/real/engines/ parses completely with its engine.

One case per HTML page; the folder name is the engine. The expected post counts come from
../shared/real/engines/README.md (checked by hand against the markup). JSON/Markdown API
answers in that folder are not pages: their adapters test them on their own.
"""

from __future__ import annotations

from datetime import datetime, timezone
from zoneinfo import ZoneInfo

import pytest

from tests.conftest import shared_path
from votal.scraper import engines

REAL = ("real", "engines")
NOW = datetime(2026, 11, 29, 12, 0, tzinfo=timezone.utc)
UTC = ZoneInfo("UTC")

# folder -> (registry name, {file: (posts on the page, page URL[, registry name of this page])})
PAGES = {
    "xenforo2": ("xenforo2", {"xenforo_com_community_dark-theme-option_8276.html": (
        8, "https://xenforo.com/community/threads/a-dark-theme-option.8276/")}),
    "xenforo1": ("xenforo1", {"sufficientvelocity_renascence_10402_page54.html": (
        25, "https://forums.sufficientvelocity.com/threads/"
            "renascence-a-homura-quest.10402/page-54")}),
    "phpbb": ("phpbb", {"ilovephilosophy_biological-will_phpbb30.html": (
        25, "http://www.ilovephilosophy.com/viewtopic.php?f=1&t=194998&start=25")}),
    "vbulletin3": ("vbulletin3", {"animesuki_hibike-euphonium_p152_vb3811.html": (
        20, "https://forums.animesuki.com/showthread.php?t=128882&page=152")}),
    "vbulletin4": ("vbulletin4", {"militarytimes_9687_vb423.html": (
        10, "http://forums.militarytimes.com/showthread.php/"
            "9687-Legendary-military-columnist-author-Bob-Dorr-dies-at-76")}),
    "vbulletin5": ("vbulletin5", {"fandompost_isekai-quartet_727744_vb552.html": (
        15, "https://fandompost.vbulletin.net/forum/anime-manga-discussions/"
            "general-anime-discussions/727744-isekai-quartet-discussion-thread")}),
    "smf": ("smf", {"contribs_org_topic38573_smf20.html": (
        15, "http://forums.contribs.org/index.php/topic,38573.0.html")}),
    "mybb": ("mybb", {"sinister_ly_mybb-or-vbulletin_p1.html": (
        10, "https://sinister.ly/Thread-Mybb-or-vBulletin")}),
    # IPB 1.3 (meta says windows-1251, the bytes are UTF-8)
    "invision": ("invision", {
        "hustle-sa_showtopic2969_ipb13_ru.html": (
            15, "http://hustle-sa.ru/forum/index.php?showtopic=2969", "ipb"),
        "hustle-sa_showtopic3376_ipb13_ru.html": (
            15, "http://hustle-sa.ru/forum/index.php?showtopic=3376", "ipb")}),
    "phpbb2": ("phpbb2", {
        "freemancruiser_t805_phpbb2_en.html": (
            3, "http://www.freemancruiser.com/forum/viewtopic.php?t=805"),
        "rutracker_t5194116_torrentpier_ru.html": (
            2, "https://rutracker.org/forum/viewtopic.php?t=5194116")}),
    "punbb_fluxbb": ("fluxbb", {"archlinux_bbs_id298271_fluxbb_en.html": (
        25, "https://bbs.archlinux.org/viewtopic.php?id=298271")}),
    "flarum": ("flarum", {"discuss_flarum_d2068_en.html": (
        20, "https://discuss.flarum.org/d/2068-types-of-threads-flarum-as-a-discussion-engine")}),
    "vanilla": ("vanilla", {"open_vanillaforums_discussion39620_vanilla3_en.html": (
        4, "https://open.vanillaforums.com/discussion/39620/"
           "higher-logic-has-terminated-open-source-vanilla")}),
    "nodebb": ("nodebb", {"NodeBB.html": (13, "https://community.nodebb.org/topic/13512/x")}),
    # README counts 4 div.post; the 4th (id p0, "Gesponserte Inhalte") is Forumotion's ad slot.
    "forumotion": ("forumotion", {"forumieren_wolfsrebellen_t7_de.html": (
        3, "https://wolfsrebellen-netz.forumieren.com/t7-forums-regeln")}),
}


def _cases():
    for folder, (name, files) in PAGES.items():
        for fname, (count, url, *engine) in files.items():
            yield pytest.param(folder, engine[0] if engine else name, fname, count, url,
                               id=f"{folder}/{fname}")


def _read(folder: str, fname: str) -> bytes:
    return shared_path(*REAL, folder, fname).read_bytes()


@pytest.mark.parametrize("folder,name,fname,count,url", list(_cases()))
def test_real_page_parses_completely(folder, name, fname, count, url):
    data = _read(folder, fname)
    engine = engines.for_page(data.decode("utf-8", errors="replace"), url)
    assert engine.name == name
    posts = engine.parse_page(data, url, UTC, NOW)
    assert len(posts) == count
    assert len({p.id for p in posts}) == count
    for p in posts:
        assert p.id and p.author.strip(), p
        assert p.time.tzinfo is not None and p.time.utcoffset() is not None
        assert p.html.strip(), f"post {p.id} has an empty body"
        assert p.url.startswith("http"), p.url
    numbers = [p.number for p in posts]
    assert all(n is not None for n in numbers)
    assert numbers == sorted(numbers) and len(set(numbers)) == count


# pages of defunct platforms: recognised and refused in one line (tests/scraper/test_engines_more.py)
RETIRED = {("curse", "mtgsalvation_unreliable-cops-mafia_p1_en.html"): "curse"}


def test_every_html_real_page_is_listed():
    """A page added to ../shared/real/engines/ must get an expected count here."""
    root = shared_path(*REAL)
    listed = {(folder, f) for folder, (_, files) in PAGES.items() for f in files}
    on_disk = {(p.parent.name, p.name) for p in root.glob("*/*.html")} - set(RETIRED)
    assert on_disk == listed

