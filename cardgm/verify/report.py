"""An audit, written out for the player who reads it: for the terminal, as one self-contained
HTML page to open and share (the conversation beside what the rules give, problems highlighted),
and as JSON for programs (stable codes).

Replies are numbered as the chat shows them (the first AI reply is 1). What a player reads is
plain sentences: no finding codes, no jargon; the one summary is worked out from the findings, so
it always agrees with them."""

from __future__ import annotations

import html
import json
from collections import Counter

from cardgm.verify.audit import Audit, Finding, ReplyAudit
from cardgm.verify.plain import count, joined, noun, quote, title

FORMS = {
    "chatgpt-json": "a ChatGPT export (conversations.json)",
    "messages-json": "a JSON list of messages",
    "you-said": "text copied from ChatGPT (\"You said:\" / \"ChatGPT said:\")",
    "labels": "text with \"User:\" / \"Assistant:\" labels",
    "headings": "text with Markdown headings for each speaker",
    "bold": "text with bold speaker names",
    "unmarked": "unmarked text, each AI reply ending with its LEDGER",
}

HOW_CHECKED = (
    "How this was checked: each AI reply is compared with what the card's rules give for your "
    "message, starting from the AI's own previous LEDGER. So a mistake is reported once, at the "
    "reply that makes it, and a later reply is a problem only if it does not follow from the AI's "
    "own numbers either."
)


def _snip(text: str | None, n: int = 70) -> str:
    if text is None:
        return "(none)"
    flat = " ".join(text.split())
    return flat if len(flat) <= n else flat[: n - 1] + "…"


def _answers(r: ReplyAudit, audit: Audit) -> str:
    if r.index == 0:
        if r.message is None:
            return "the opening"
        return "the opening, after the card" + (" and the SAVE" if audit.resumed else "") + " you pasted"
    return f"{r.label}, after you wrote {quote(r.message or '', 50)}"


def _state(r: ReplyAudit) -> str:
    if r.ai_text is None:
        return "no reply in the transcript"
    if r.findings:
        return count(len(r.findings), "problem")
    if r.on_true_line is False:
        return "follows from the AI's own numbers"
    return "fine"


def summary_lines(audit: Audit) -> list[str]:
    """The one summary: each sentence worked out from the findings and the replies."""
    out: list[str] = []
    findings = audit.findings
    checked = [r for r in audit.replies if r.ai_text is not None]
    if not findings:
        out.append(
            f"No problems found: every one of the {len(checked)} AI replies follows from the card's rules "
            "and the player's messages."
        )
    else:
        at = sorted({f.reply for f in findings})
        kinds = Counter(f.kind for f in findings)
        out.append(
            f"{count(len(findings), 'problem')} found, at {'reply' if len(at) == 1 else 'replies'} "
            f"{joined([str(n) for n in at])}: {joined([noun(k, n) for k, n in kinds.items()])}."
        )
        first = audit.first_divergence
        if first is not None:
            later = [r for r in audit.replies if r.index > first.index and r.ai_fields is not None]
            if later and later[-1].on_true_line is False:
                out.append(
                    f"From reply {first.number} on, the AI's numbers are not what the rules give from the player's "
                    "messages; each later reply was checked from the AI's own numbers."
                )
            back = audit.rejoined
            if back:
                out.append(f"Its numbers are back in line with the rules at {'reply' if len(back) == 1 else 'replies'} "
                           f"{joined([str(r.number) for r in back])}.")
    for note in audit.readings:
        out.append(note)
    return out


def ending_lines(audit: Audit) -> list[str]:
    if not audit.replies:
        return []
    last = audit.replies[-1]
    true_result = next((r.true_result for r in reversed(audit.replies) if r.true_result), None)
    ai_ledger = next((r.ai_ledger for r in reversed(audit.replies) if r.ai_ledger), None)
    ai_result = next((r.ai_result for r in reversed(audit.replies) if r.ai_result), None)
    out = [f"By the rules, the game stands at:  {last.true_ledger}"]
    if true_result:
        out.append(f"{'':35}{true_result}")
    out.append(f"The AI's last LEDGER:{'':14}{ai_ledger or '(the AI printed none)'}")
    if ai_result:
        out.append(f"{'':35}{ai_result}")
    return out


def _finding_lines(f: Finding) -> list[str]:
    lines = [f"    ✗ {title(f.kind)}. {f.text}"]
    if f.consequences:
        lines.append("        Because of it: " + "; ".join(f.consequences) + ".")
    return lines


def text(audit: Audit) -> str:
    lines = [
        f"Audit of a {audit.title} v{audit.version} game run by a chat AI",
        f"Read as {FORMS.get(audit.form, audit.form)}; the card: {audit.card_from}.",
    ]
    lines += [f"Note: {n}." if not n.endswith(".") else f"Note: {n}" for n in audit.notes]
    lines.append("")
    lines += summary_lines(audit)
    lines.append("")
    for r in audit.replies:
        lines.append(f"Reply {r.number}, {_answers(r, audit)}: {_state(r)}.")
        if r.findings or (r.on_true_line is False and r is audit.first_divergence):
            lines.append(f"    The AI's LEDGER:  {r.ai_ledger or '(none in this reply)'}   [{r.ai_where}]")
            lines.append(f"    By the rules:     {r.own_ledger}")
        for f in r.findings:
            lines += _finding_lines(f)
        for n in r.notes:
            lines.append(f"    · {n}")
    lines.append("")
    lines += ending_lines(audit)
    lines.append("")
    lines.append(HOW_CHECKED)
    return "\n".join(lines)


def as_json(audit: Audit) -> str:
    return json.dumps(audit.as_json(), indent=2, ensure_ascii=False)


# -- HTML ------------------------------------------------------------------------------------------

_CSS = """
body{font:15px/1.45 Georgia,serif;margin:0;background:#f6f3ec;color:#222}
header{padding:18px 28px;background:#1f2a36;color:#f3efe6}
header h1{margin:0 0 4px;font-size:22px} header p{margin:2px 0;opacity:.9}
.summary{padding:12px 28px;background:#fffaf0;border-bottom:1px solid #d9d2c3}
.summary li{margin:2px 0}
table{border-collapse:collapse;width:100%}
td{vertical-align:top;padding:10px 14px;border-bottom:1px solid #ddd5c5}
td.talk{width:58%} td.rules{width:42%;background:#fbf9f4}
tr.bad td{background:#fde8e4} tr.bad td.rules{background:#fbdcd5}
tr.off td.rules{background:#fff3d6}
.who{font:600 12px/1 system-ui,sans-serif;text-transform:uppercase;letter-spacing:.06em;color:#6b6357;margin:6px 0 3px}
pre{white-space:pre-wrap;word-wrap:break-word;font:13px/1.4 ui-monospace,Menlo,Consolas,monospace;margin:0}
.player pre{background:#e9eef5;padding:6px 8px;border-radius:4px}
.ai pre{background:#fff;padding:6px 8px;border-radius:4px;border:1px solid #e4ddcf}
.fields{font:12px/1.3 ui-monospace,Menlo,Consolas,monospace;border:1px solid #e0d8c8;margin:4px 0}
.fields td{padding:2px 6px;border-bottom:1px solid #eee7da}
.fields tr.diff td{background:#ffd2c8;font-weight:700}
.finding{color:#8a1c0c;margin:6px 0} .finding b{font-family:system-ui,sans-serif;font-size:13px}
.so{color:#6d3a2e;margin-left:16px;font-size:13px}
.ok{color:#2f6b2f} .idx{font:600 12px system-ui,sans-serif;color:#6b6357}
details summary{cursor:pointer;color:#4b5a6a}
"""


def _fields_table(r: ReplyAudit, audit: Audit) -> str:
    if r.ai_fields is None:
        return ""
    parse = audit.parse
    try:
        true = parse(r.true_ledger)
        own = parse(r.own_ledger)
    except ValueError:
        return ""
    rows = ["<tr><td></td><td>the AI</td><td>the rules</td>" + ("<td>from your messages</td>" if own != true else "") + "</tr>"]
    for k in true:
        a = r.ai_fields.get(k, "—")
        diff = a != own.get(k)
        cells = f"<td>{html.escape(k)}</td><td>{html.escape(a)}</td><td>{html.escape(own.get(k, '—'))}</td>"
        if own != true:
            cells += f"<td>{html.escape(true.get(k, '—'))}</td>"
        rows.append(f"<tr class='{'diff' if diff else ''}'>{cells}</tr>")
    return "<table class='fields'>" + "".join(rows) + "</table>"


def html_page(audit: Audit) -> str:
    esc = html.escape
    rows = []
    for r in audit.replies:
        cls = "bad" if r.findings else ("off" if r.on_true_line is False else "")
        talk = [f"<div class='idx'>Reply {r.number} · {esc(r.label)}</div>"]
        if r.message is not None:
            if r.index == 0 or len(r.message) > 1500:
                what = "the card" + (" and the SAVE" if audit.resumed and r.index == 0 else "") + " you pasted"
                talk.append(
                    f"<div class='player'><div class='who'>You ({esc(r.message_where or '')})</div>"
                    f"<details><summary>{what} ({len(r.message):,} characters)</summary><pre>{esc(r.message)}</pre></details></div>"
                )
            else:
                talk.append(f"<div class='player'><div class='who'>You ({esc(r.message_where or '')})</div><pre>{esc(r.message)}</pre></div>")
        if r.ai_text is not None:
            talk.append(f"<div class='ai'><div class='who'>The AI, reply {r.number} ({esc(r.ai_where or '')})</div><pre>{esc(r.ai_text)}</pre></div>")
        else:
            talk.append("<div class='ai'><div class='who'>The AI</div><em>no reply in the transcript</em></div>")
        side = ["<div class='who'>What the rules give</div>", f"<pre>{esc(r.own_ledger)}</pre>"]
        if r.true_result:
            side.append(f"<pre>{esc(r.true_result)}</pre>")
        side.append(_fields_table(r, audit))
        if r.on_true_line is False and not r.findings:
            side.append("<p>Follows from the AI's own numbers (which went wrong earlier).</p>")
        if not r.findings and r.on_true_line:
            side.append("<p class='ok'>✓ follows from the rules</p>")
        for f in r.findings:
            # Each finding with what follows from it folded under it: one error, one diagnostic.
            folded = ""
            if f.consequences:
                items = "".join(f"<li>{esc(c)}</li>" for c in f.consequences)
                folded = f"<details class='so'><summary>Because of it ({len(f.consequences)})</summary><ul>{items}</ul></details>"
            side.append(f"<div class='finding' data-code='{esc(f.kind)}'><b>{esc(title(f.kind))}.</b> {esc(f.text)}{folded}</div>")
        for n in r.notes:
            side.append(f"<div class='so'>· {esc(n)}</div>")
        side.append(f"<details><summary>cardgm's own reply</summary><pre>{esc(r.true_text)}</pre></details>")
        rows.append(f"<tr class='{cls}'><td class='talk'>{''.join(talk)}</td><td class='rules'>{''.join(side)}</td></tr>")
    summary = "".join(f"<li>{esc(line)}</li>" for line in summary_lines(audit))
    notes = "".join(f"<li>{esc(n)}</li>" for n in audit.notes)
    ending = "".join(f"<li><code>{esc(line.strip())}</code></li>" for line in ending_lines(audit))
    return (
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
        f"<title>Audit: {esc(audit.title)}</title><meta name='viewport' content='width=device-width,initial-scale=1'>"
        f"<style>{_CSS}</style></head><body>"
        f"<header><h1>Audit of a {esc(audit.title)} v{esc(audit.version)} game run by a chat AI</h1>"
        f"<p>Read as {esc(FORMS.get(audit.form, audit.form))}; the card: {esc(audit.card_from)}.</p>"
        f"<p>Checked by cardgm, the exact game master for AI game cards.</p></header>"
        f"<section class='summary'><ul>{summary}{notes}</ul><ul>{ending}</ul><p>{esc(HOW_CHECKED)}</p></section>"
        f"<table>{''.join(rows)}</table></body></html>\n"
    )
