"""A real SMTP server for the e-mail reminder tests (aiosmtpd, from the
tests' Python environment, tests/python-env.sh; see tests/http/reminders.rs).
Usage: smtp_server.py PORT DIR [REFUSE_FIRST [DELAY]]. Each accepted
message is written to DIR as JSON (envelope, headers, decoded text and HTML
parts). Recipients whose address starts with "recusa" are refused with a
550; the first REFUSE_FIRST messages get a 451; each message is answered
DELAY seconds (a decimal) after it arrived, as a slow server would.
"""
import asyncio
import email
import email.policy
import json
import os
import sys
import threading
import time

from aiosmtpd.controller import Controller

port, out = int(sys.argv[1]), sys.argv[2]
refuse_first = int(sys.argv[3]) if len(sys.argv) > 3 else 0
delay = float(sys.argv[4]) if len(sys.argv) > 4 else 0.0
seen = {"data": 0}


class Handler:
    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address.startswith("recusa"):
            return "550 5.1.1 Caixa postal inexistente"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        # On the event loop's monotonic clock, which a fixed clock leaves real.
        await asyncio.sleep(delay)
        seen["data"] += 1
        if seen["data"] <= refuse_first:
            return "451 4.3.0 Tente mais tarde"
        message = email.message_from_bytes(envelope.original_content or envelope.content, policy=email.policy.default)
        text = message.get_body(("plain",))
        html = message.get_body(("html",))
        record = {
            "from": envelope.mail_from,
            "to": envelope.rcpt_tos,
            "headers": {k: str(v) for k, v in message.items()},
            "text": text.get_content() if text else None,
            "html": html.get_content() if html else None,
        }
        name = os.path.join(out, f"{time.time_ns()}.json")
        with open(name + ".tmp", "w", encoding="utf-8") as f:
            json.dump(record, f, ensure_ascii=False)
        os.rename(name + ".tmp", name)
        return "250 2.0.0 Mensagem aceita"


controller = Controller(Handler(), hostname="127.0.0.1", port=port)
controller.start()
print("ready", flush=True)
# Waits for the test to kill it. Not a timed sleep: under a fixed clock
# (libfaketime, .ci/fixed-clocks.sh) Python's time.sleep fails with EINVAL.
threading.Event().wait()
