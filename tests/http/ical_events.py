"""Reads an iCalendar feed on stdin with the `icalendar` package (PyPI), a
real parser, and prints its events as JSON for the HTTP tests
(tests/http/lgpd.rs): uid, start and end in UTC, summary, status, sequence,
dtstamp; the calendar's own properties (its NAME as TEXT read back); and
every raw line's length in octets."""
import datetime
import json
import sys

from icalendar import Calendar, vText
from icalendar.parser import unescape_backslash

raw = sys.stdin.buffer.read()
calendar = Calendar.from_ical(raw)


def text(value):
    """A TEXT value read back. RFC 7986 gives NAME the TEXT type, which this
    package knows only when the line says `VALUE=TEXT`; otherwise it keeps
    the raw value, escapes and all, which is read here as TEXT."""
    if value is None:
        return ""
    return str(value) if isinstance(value, vText) else unescape_backslash(value.to_ical().decode())


def utc(value):
    dt = value.dt
    if not isinstance(dt, datetime.datetime) or dt.tzinfo is None:
        raise SystemExit(f"not a UTC date-time: {value.to_ical()!r}")
    return dt.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


events = []
for event in calendar.walk("VEVENT"):
    events.append({
        "uid": str(event["UID"]),
        "start": utc(event["DTSTART"]),
        "end": utc(event["DTEND"]),
        "startRaw": event["DTSTART"].to_ical().decode(),
        "summary": str(event["SUMMARY"]),
        "status": str(event.get("STATUS", "")),
        "sequence": int(event.get("SEQUENCE", -1)),
        "dtstamp": utc(event["DTSTAMP"]),
        "description": str(event.get("DESCRIPTION", "")),
    })
lines = raw.split(b"\r\n")
print(json.dumps({
    "version": str(calendar.get("VERSION")),
    "prodid": str(calendar.get("PRODID")),
    "name": text(calendar.get("NAME")),
    "calname": text(calendar.get("X-WR-CALNAME")),
    "events": events,
    "longestLine": max(len(line) for line in lines),
    "bareNewlines": sum(line.count(b"\n") for line in lines),
    "endsWithCrlf": raw.endswith(b"\r\n"),
}))
