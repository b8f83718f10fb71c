"""Reports of a tally: the official post in BBCode/Markdown/text/HTML/JSON/CSV, four languages,
public or private; vote histories, charts, a static site of the game, and the audit's report.

    render(result, "bbcode", lang="el", public=True)  -> str
    render_day(day_result, "json")                    -> str  (a DayResult: its dict rendered)
    render_audit(audit.to_dict(), "text", lang="en")  -> str
    public_view(result)                                -> dict  (the one place secrets are dropped)
"""


from votal.report.audit_report import render_audit
from votal.report.formats import FORMATS, get_format, render, render_day
from votal.report.public import public_view

__all__ = ["FORMATS", "get_format", "public_view", "render", "render_audit", "render_day"]
