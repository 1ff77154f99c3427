"""An audit, written out: for the terminal, as JSON, and as one self-contained HTML page a player
can open and share (the conversation beside the true ledger, divergences highlighted)."""

from __future__ import annotations

import html
import json
from collections import Counter

from cardgm.verify.audit import Audit, ReplyAudit

FORMS = {
    "chatgpt-json": "a ChatGPT export (conversations.json)",
    "messages-json": "a JSON messages list",
    "you-said": "'You said:' / 'ChatGPT said:' marks",
    "labels": "'User:' / 'Assistant:' labels",
    "headings": "Markdown headings",
    "bold": "bold names",
    "unmarked": "unmarked text, each AI reply ending with its LEDGER",
}

HOW_CHECKED = (
    "Each AI reply is judged against what the rules give from the AI's own previous LEDGER (its "
    "numbers loaded into a game state, the player's message replayed on it), so a mistake is "
    "reported once, where it is made. Whether the reply is on the true line (the rules on the "
    "player's messages from the start) is reported beside it."
)


def _snip(text: str | None, n: int = 70) -> str:
    if text is None:
        return "(none)"
    flat = " ".join(text.split())
    return flat if len(flat) <= n else flat[: n - 1] + "…"


def _answers(r: ReplyAudit, audit: Audit) -> str:
    if r.index == 0:
        if r.message is None:
            return "the opening (no card in the transcript)"
        return "the opening, answering the pasted card" + (" and SAVE" if audit.resumed else "")
    return f"answers \"{_snip(r.message, 50)}\" ({r.message_where})"


def summary_lines(audit: Audit) -> list[str]:
    out = []
    findings = audit.findings
    if findings:
        kinds = Counter(f.kind for f in findings)
        out.append(f"{len(findings)} finding{'s' if len(findings) != 1 else ''}: " + ", ".join(f"{n} {k}" for k, n in kinds.items()))
    else:
        out.append("No findings: every LEDGER follows from the rules on the player's messages.")
    first = audit.first_divergence
    if first is None:
        out.append("The AI's LEDGER stayed on the true line throughout.")
    else:
        out.append(f"First off the true line at reply {first.index} ({first.label}).")
        after = [r for r in audit.replies if r.index > first.index and r.follows_own is not None]
        bad = [r.index for r in after if r.follows_own is False]
        if not after:
            out.append("No reply after it to check.")
        elif bad:
            out.append("After it, the AI did not stay consistent with its own numbers at replies " + ", ".join(map(str, bad)) + ".")
        else:
            out.append(f"After it, the AI stayed consistent with its own numbers ({len(after)} repl{'ies' if len(after) != 1 else 'y'} checked).")
        back = audit.rejoined
        if back:
            out.append("Back on the true line at replies " + ", ".join(str(r.index) for r in back) + ".")
    last = audit.replies[-1] if audit.replies else None
    if last is not None:
        true_result = next((r.true_result for r in reversed(audit.replies) if r.true_result), None)
        ai_ledger = next((r.ai_ledger for r in reversed(audit.replies) if r.ai_ledger), None)
        ai_result = next((r.ai_result for r in reversed(audit.replies) if r.ai_result), None)
        out.append(f"True line ends:  {last.true_ledger}")
        if true_result:
            out.append(f"                 {true_result}")
        out.append(f"The AI's ends:   {ai_ledger or '(no LEDGER)'}")
        if ai_result:
            out.append(f"                 {ai_result}")
    return out


def text(audit: Audit) -> str:
    lines = [
        f"AUDIT of a {audit.title} v{audit.version} chat run",
        f"read as {FORMS.get(audit.form, audit.form)}; card: {audit.card_from}",
    ]
    lines += [f"note: {n}" for n in audit.notes]
    lines.append("")
    for r in audit.replies:
        if r.ai_text is None:
            mark = "no reply"
        elif r.findings:
            mark = f"{len(r.findings)} finding{'s' if len(r.findings) != 1 else ''}"
        elif r.on_true_line is False:
            mark = "off the true line; follows its own numbers"
        else:
            mark = "ok"
        lines.append(f"reply {r.index:>3}  {r.label:<12} {_answers(r, audit)}: {mark}")
        if r.findings or (r.on_true_line is False and r.index == (audit.first_divergence.index if audit.first_divergence else -1)):
            lines.append(f"    AI      {r.ai_ledger or '(no LEDGER)'}   [{r.ai_where}]")
            lines.append(f"    rules   {r.own_ledger}")
            if r.own_ledger != r.true_ledger:
                lines.append(f"    true    {r.true_ledger}")
        for f in r.findings:
            lines.append(f"    ✗ {f.kind}: {f.text}")
            for c in f.consequences:
                lines.append(f"        so: {c}")
        for n in r.notes:
            lines.append(f"    · {n}")
    lines.append("")
    lines += summary_lines(audit)
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
.finding{color:#8a1c0c;margin:6px 0} .finding b{font-family:system-ui,sans-serif;font-size:12px;text-transform:uppercase}
.so{color:#6d3a2e;margin-left:16px;font-size:13px}
.ok{color:#2f6b2f} .idx{font:600 12px system-ui,sans-serif;color:#6b6357}
details summary{cursor:pointer;color:#4b5a6a}
"""


def _fields_table(r: ReplyAudit, audit: Audit) -> str:
    if r.ai_fields is None:
        return ""
    from cardgm.verify.audit import adapter_for

    adapter = adapter_for(audit.game_id)
    try:
        true = adapter.parse(r.true_ledger)
        own = adapter.parse(r.own_ledger)
    except ValueError:
        return ""
    rows = ["<tr><td></td><td>AI</td><td>rules</td>" + ("<td>true line</td>" if own != true else "") + "</tr>"]
    for k in true:
        a = r.ai_fields.get(k, "—")
        diff = a != own.get(k) or (a != true.get(k) and not r.on_true_line)
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
        talk = [f"<div class='idx'>reply {r.index} · {esc(r.label)}</div>"]
        if r.message is not None:
            if r.index == 0 or len(r.message) > 1500:
                talk.append(f"<div class='player'><div class='who'>Player ({esc(r.message_where or '')})</div><details><summary>the pasted card{' and SAVE' if audit.resumed and r.index == 0 else ''} ({len(r.message):,} characters)</summary><pre>{esc(r.message)}</pre></details></div>")
            else:
                talk.append(f"<div class='player'><div class='who'>Player ({esc(r.message_where or '')})</div><pre>{esc(r.message)}</pre></div>")
        if r.ai_text is not None:
            talk.append(f"<div class='ai'><div class='who'>AI ({esc(r.ai_where or '')})</div><pre>{esc(r.ai_text)}</pre></div>")
        else:
            talk.append("<div class='ai'><div class='who'>AI</div><em>no reply in the transcript</em></div>")
        side = ["<div class='who'>The true ledger</div>", f"<pre>{esc(r.true_ledger)}</pre>"]
        if r.true_result:
            side.append(f"<pre>{esc(r.true_result)}</pre>")
        side.append(_fields_table(r, audit))
        if r.on_true_line is False and not r.findings:
            side.append("<p>Off the true line, but it follows from its own last LEDGER.</p>")
        if not r.findings and r.on_true_line:
            side.append("<p class='ok'>✓ follows from the rules</p>")
        for f in r.findings:
            side.append(f"<div class='finding'><b>{esc(f.kind)}</b> {esc(f.text)}</div>")
            side += [f"<div class='so'>so: {esc(c)}</div>" for c in f.consequences]
        for n in r.notes:
            side.append(f"<div class='so'>· {esc(n)}</div>")
        side.append(f"<details><summary>cardgm's reply</summary><pre>{esc(r.true_text)}</pre></details>")
        rows.append(f"<tr class='{cls}'><td class='talk'>{''.join(talk)}</td><td class='rules'>{''.join(side)}</td></tr>")
    summary = "".join(f"<li>{esc(line)}</li>" for line in summary_lines(audit))
    notes = "".join(f"<li>{esc(n)}</li>" for n in audit.notes)
    return (
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
        f"<title>Audit: {esc(audit.title)}</title><meta name='viewport' content='width=device-width,initial-scale=1'>"
        f"<style>{_CSS}</style></head><body>"
        f"<header><h1>Audit of a {esc(audit.title)} v{esc(audit.version)} chat run</h1>"
        f"<p>Read as {esc(FORMS.get(audit.form, audit.form))}; card: {esc(audit.card_from)}.</p>"
        f"<p>Checked by cardgm, the exact game master for AI game cards.</p></header>"
        f"<section class='summary'><ul>{summary}{notes}</ul><p>{esc(HOW_CHECKED)}</p></section>"
        f"<table>{''.join(rows)}</table></body></html>\n"
    )
